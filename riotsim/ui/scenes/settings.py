"""Settings: language, theme, window size, fullscreen, UI scale, text size, animation speed,
reduced motion, bot speed, sound.

The language, the theme, the UI scale, the text size and reduced motion apply as soon as they
are chosen (and are kept at once): every open screen lays itself out again, this one with its
other, not yet applied, changes kept."""

from __future__ import annotations

from dataclasses import replace

import pygame

from riotsim.i18n import LANGUAGES, _, system_language
from riotsim.ui import draw, sound
from riotsim.ui import theme as T
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading, heading_bottom
from riotsim.ui.settings import (
    AUTO,
    BOT_SPEEDS,
    LANGUAGE_CHOICES,
    TEXT_SCALES,
    THEMES,
    UI_SCALES,
    WINDOW_SIZES,
    Settings,
)
from riotsim.ui.widgets import Button, Choice, Slider, Toggle


def window_sizes() -> list[tuple[int, int]]:
    """The offered window sizes this display can show (all of them without a real screen)."""
    from riotsim.ui.app import display_limit

    limit = display_limit()
    if limit is None:
        return list(WINDOW_SIZES)
    fitting = [(w, h) for w, h in WINDOW_SIZES if w <= limit[0] and h <= limit[1]]
    return fitting or [WINDOW_SIZES[0]]


# The UI-scale slider runs from Auto, one stop left of 75%, to 200%.
SCALE_STEP = 0.05
AUTO_STOP = round(UI_SCALES[0] - SCALE_STEP, 6)


def scale_stop(setting: float | str) -> float:
    """The UI-scale slider's stop for a setting (Auto or a size)."""
    return AUTO_STOP if setting == AUTO else float(setting)


def scale_setting(stop: float) -> float | str:
    """The UI-scale setting a stop of the slider means."""
    return AUTO if stop < UI_SCALES[0] - SCALE_STEP / 2 else stop


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


def language_label(choice: str) -> str:
    """A language by its own name; "system" with the one the system's locale gives."""
    if choice == "system":
        return _("System ({language})").format(language=LANGUAGES[system_language()])
    return LANGUAGES.get(choice, choice)


@register_scene("settings")
class SettingsScene(WidgetScene):
    _kept: Settings | None = None  # the draft carried over a rebuild for a new language
    _laid_notes: tuple[str, ...] | list[str] = ()  # the notes the layout made room for
    notes_bottom = 0  # where the last drawn note ends (above the buttons)

    def _fresh_draft(self) -> Settings:
        s = self.app.settings
        # the window as it is now (resized by hand, or fullscreen), not as last saved
        w, h = self.app.size
        current = (s.width, s.height) if s.fullscreen else (int(w), int(h))
        return replace(s, width=current[0], height=current[1])

    def build(self) -> None:
        s = self.draft = self._kept or self._fresh_draft()
        self._kept = None
        current = (s.width, s.height)
        self.language = Choice(
            list(LANGUAGE_CHOICES), s.language, self._language, label=language_label
        )
        sizes = window_sizes()
        if current not in sizes:
            sizes.append(current)
        self.size_choice = Choice(sizes, current, self._size, label=lambda v: f"{v[0]} x {v[1]}")
        self.fullscreen = Toggle(_("Fullscreen"), s.fullscreen, self._set("fullscreen"))
        self.theme_choice = Choice(
            list(THEMES), s.theme, self._live("theme"), label=lambda k: _(THEMES[k])
        )
        live_scale = self._live("ui_scale")
        self.scale = Slider(
            _("UI scale"),
            AUTO_STOP,
            UI_SCALES[1],
            scale_stop(s.ui_scale),
            SCALE_STEP,
            lambda stop: live_scale(scale_setting(stop)),
            fmt=self._scale_label,
        )
        self.text_size = Slider(
            _("Text size"), *TEXT_SCALES, s.text_scale, 0.05, self._live("text_scale"), fmt=percent
        )
        self.reduced = Toggle(_("Reduced motion"), s.reduced_motion, self._live("reduced_motion"))
        self.speed = Slider(
            _("Animation speed"),
            0.5,
            3.0,
            s.anim_speed,
            0.25,
            self._set("anim_speed"),
            fmt=lambda v: _("{factor}x").format(factor=f"{v:g}"),
        )
        self.bot_speed = Choice(
            list(BOT_SPEEDS),
            s.bot_speed,
            self._set("bot_speed"),
            label=lambda k: _(BOT_SPEEDS[k][0]),
        )
        self.sound = Toggle(_("Sound"), s.sound, self._set("sound"))
        self.forced = Toggle(
            _("Take forced moves by themselves"), s.auto_forced, self._set("auto_forced")
        )
        self.apply_button = Button(_("Apply"), self.apply, primary=True)
        self.back_button = Button(_("Back"), self.back)
        self.widgets = [
            self.language,
            self.theme_choice,
            self.size_choice,
            self.fullscreen,
            self.scale,
            self.text_size,
            self.speed,
            self.reduced,
            self.bot_speed,
            self.sound,
            self.forced,
            self.apply_button,
            self.back_button,
        ]
        self.rows = [
            (_("Language"), self.language),
            (_("Theme"), self.theme_choice),
            (_("Window size"), self.size_choice),
            (None, self.fullscreen),
            (None, self.scale),
            (None, self.text_size),
            (None, self.speed),
            (None, self.reduced),
            (_("Bot speed"), self.bot_speed),
            (None, self.sound),
            (None, self.forced),
        ]

    def enter(self) -> None:
        super().enter()
        self.focus.move(1)

    def _scale_label(self, stop: float) -> str:
        """The slider's value: the setting and, where it differs, the scale really used in this
        window ("Auto (180%)", "200% (93%)" where the window holds a setting back)."""
        setting = scale_setting(stop)
        used = percent(self.theme.scale_for(setting))
        if setting == AUTO:
            return _("Auto ({scale})").format(scale=used)
        chosen = percent(stop)
        return chosen if chosen == used else f"{chosen} ({used})"

    def _language(self, value: str) -> None:
        """Speak ``value`` now and keep it (the other changes still wait for Apply)."""
        self.draft.language = value
        self._kept = self.draft
        self.app.apply_settings(replace(self.app.settings, language=value).clamp())
        self._kept = None  # (used by the rebuild the change caused, if any)

    def language_changed(self) -> None:
        self._kept = self.draft
        super().language_changed()

    def _size(self, value) -> None:
        self.draft.width, self.draft.height = value

    def _live(self, name: str):
        """A setter that applies (and keeps) the value now, like the language."""

        def setter(value) -> None:
            setattr(self.draft, name, value)
            self._kept = self.draft
            self.app.apply_settings(replace(self.app.settings, **{name: value}).clamp())
            self._kept = None

        return setter

    def _set(self, name: str):
        def setter(value) -> None:
            setattr(self.draft, name, value)

        return setter

    def apply(self) -> None:
        self.app.apply_settings(replace(self.draft).clamp())
        self.app.pop(self)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        pw = min(w - theme.px(96), theme.px(620))
        x = (w - pw) // 2
        # the panel starts under the heading (lower at a large text size)
        y = max(theme.px(170), heading_bottom(theme) + theme.px(30))
        rh, gap = theme.px(48), theme.px(16)
        bh = theme.px(50)
        # rows close up (down to a little gap) where a short window or a large UI scale
        # leaves less room above the buttons than they take
        notes_h = self._notes_height(pw)
        room = h - theme.px(40) - bh - theme.px(24) - y - notes_h
        pitch = min(rh + gap, max(theme.px(24), room // max(1, len(self.rows))))
        if pitch < rh + gap:
            rh = max(theme.px(20), pitch - theme.px(4))
            gap = pitch - rh
        self.panel = pygame.Rect(
            x - theme.px(30),
            y - theme.px(30),
            pw + theme.px(60),
            len(self.rows) * (rh + gap) + theme.px(44),
        )
        for label, widget in self.rows:
            if label:
                widget.rect = pygame.Rect(x + int(pw * 0.4), y, int(pw * 0.6), rh)
            else:
                widget.rect = pygame.Rect(x, y, pw, rh)
            y += rh + gap
        Slider.align([self.scale, self.text_size, self.speed], theme)
        # the buttons under the panel and its notes (a tall window at a small UI scale keeps
        # them there, not far below at the window's foot)
        by = min(h - theme.px(40) - bh, self.panel.bottom + notes_h + theme.px(24))
        self.back_button.rect = pygame.Rect(x - theme.px(30), by, theme.px(160), bh)
        self.apply_button.rect = pygame.Rect(
            x + pw + theme.px(30) - theme.px(200), by, theme.px(200), bh
        )

    def _notes_height(self, width: int) -> int:
        """The room the notes take between the panel and the buttons (the rows give it up)."""
        self._laid_notes = notes = self._notes()
        font = self.theme.fonts.get(14)
        gap = self.theme.px(4)
        return sum(draw.block_height(n, font, width) + gap for n in notes) + 2 * gap * bool(notes)

    def _notes(self) -> list[str]:
        """Lines under the panel: why a setting does less than it says."""
        notes = []
        limit = self.theme.ui_scale_limit()
        setting = scale_setting(self.scale.value)
        if setting != AUTO and float(setting) > limit + 0.005:
            held = _("This window holds a UI scale of {limit} at most: a larger one is held there.")
            notes.append(held.format(limit=percent(limit)))
        problem = sound.status() if self.sound.value else ""
        if problem:
            notes.append(_("Sound is on, but it cannot play: {problem}.").format(problem=problem))
        return notes

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.theme
        if self._notes() != self._laid_notes:  # a note came or went: make room for it
            self.layout(*surface.get_size())
        heading(surface, theme, _("Settings"), _("Saved for next time. F11 toggles fullscreen."))
        draw.rounded_rect(surface, self.panel, (*T.PANEL, 235), theme.px(14), T.LINE, 1)
        label_font = theme.fonts.get(16)
        for label, widget in self.rows:
            if label:
                ink = T.TEXT if (widget.hovered or widget.focused) else T.TEXT_DIM
                draw.text(
                    surface,
                    label,
                    label_font,
                    ink,
                    (self.panel.left + theme.px(30), widget.rect.centery),
                    "midleft",
                )
        font, width = theme.fonts.get(14), self.panel.w - theme.px(60)
        y = self.panel.bottom + theme.px(8)
        for note in self._laid_notes:  # wrapped, never cut: Italian runs longer
            area = pygame.Rect(self.panel.left + theme.px(30), y, width, surface.get_height() - y)
            y += draw.text_block(surface, note, font, T.TEXT_DIM, area) + theme.px(4)
        self.notes_bottom = y
