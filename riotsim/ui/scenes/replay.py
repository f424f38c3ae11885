"""Replay viewer: step through a saved game move by move with its own view.

A replay of a finished game shows the deciding seat's private information at every step (it
is for looking back). A game that is not over keeps its secrets: otherwise anyone could open
the autosave of the hot-seat game on the table and read the other player's hand. Stepping
back rebuilds the game from the start, because the log, not the state, is the record.
"""

from __future__ import annotations

import pygame

from riotsim.core.contract import Action, IllegalAction
from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.opening import open_replay
from riotsim.ui.views import view_class
from riotsim.ui.views.base import action_text, describe_action
from riotsim.ui.widgets import Button

STEP_SECONDS = 0.9  # between moves while playing (divided by the animation speed)

__all__ = ["ReplayScene", "open_replay"]  # open_replay: opening's, as before


@register_scene("replay")
class ReplayScene(GameScene):
    spectating = True  # views show the table, not "your move"

    def __init__(self, app, ruleset, setup, actions: list[Action], game_id: str, start=None):
        from riotsim.core.match import Match

        self._start = start
        super().__init__(app, Match(ruleset, setup, start=start, game_id=game_id))
        self.actions = list(actions)
        self.index = 0
        self.playing = False
        self.timer = 0.0
        self.play_button = Button("", self.toggle_play, primary=True, size=15)
        self.close_button = Button("", self.close, size=15)
        self.buttons = [
            Button("|<", self.first, size=15),
            Button("<", self.back_one, size=15),
            self.play_button,
            Button(">", self.step, size=15),
            self.close_button,
        ]
        self._name_replay_buttons()
        self.summary_shown = True  # a replay never pushes the summary
        self.reveal_all = not ruleset.hidden_information or self._ends_finished()
        self.update_seats()

    def _name_replay_buttons(self) -> None:
        """Labels and key hints (the keyboard way, learnt by looking) in the language spoken."""
        self.play_button.label = _("Pause") if self.playing else _("Play")
        self.close_button.label = _("Close")
        key_names = (_("Home"), _("Left"), _("Space"), _("Right"), _("Esc"))
        for b, keys in zip(self.buttons, key_names, strict=True):
            b.hint = keys

    def language_changed(self) -> None:
        self._name_replay_buttons()
        super().language_changed()

    def _ends_finished(self) -> bool:
        """Whether the recorded game is over at its last move (then nothing is secret)."""
        from riotsim.core.match import Match

        match = Match(self.ruleset, self.match.setup, start=self._start, game_id=self.game_id)
        try:
            for action in self.actions:
                match.apply(action)
        except IllegalAction:
            return False
        return match.outcome().finished

    # -- GameScene hooks ------------------------------------------------------------------
    def _make_bots(self) -> None:
        """No bots in a replay: nobody decides, the saved log does."""

    def submit(self, action: Action) -> bool:
        self.notice(_("This is a replay: use the arrows to step through it."))
        return False

    def update_seats(self) -> None:
        seat = self.to_move()
        self.covered = False
        if not getattr(self, "reveal_all", False):
            self.viewer_seat = self.revealed_seat = None  # the game is not over: no secrets
        elif seat is not None:
            self.viewer_seat = self.revealed_seat = seat

    def human_seats(self) -> list[int]:
        return []  # no undo button, no hand-off

    # -- stepping -------------------------------------------------------------------------
    def step(self) -> bool:
        if self.index >= len(self.actions):
            self.playing = False
            self.play_button.label = _("Play")
            return False
        self._view_call("fast_forward")
        action = self.actions[self.index]
        label = describe_action(self.ruleset, self.match.state, action)
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.playing = False
            self.notice(
                _("Move {n} ({action}) does not replay: {reason}").format(
                    n=self.index + 1, action=action, reason=exc.reason
                ),
                T.BAD,
            )
            return False
        self.labels[self.index] = label
        self.index += 1
        self.after_apply(events)
        if self.index >= len(self.actions):
            self.playing = False
            self.play_button.label = _("Play")
        return True

    def goto(self, index: int) -> None:
        """Rebuild the game up to ``index`` moves (no animations)."""
        from riotsim.core.match import Match

        index = max(0, min(len(self.actions), index))
        match = Match(self.ruleset, self.match.setup, start=self._start, game_id=self.game_id)
        for action in self.actions[:index]:
            self.labels[len(match.log)] = describe_action(self.ruleset, match.state, action)
            try:
                match.apply(action)
            except IllegalAction as exc:
                self.notice(
                    _("Move {n} does not replay: {reason}").format(
                        n=len(match.log) + 1, reason=exc.reason
                    ),
                    T.BAD,
                )
                break
        self.match = match
        self.index = len(match.log)
        self.invalidate()
        self._make_view(view_class(self.game_id))
        self.update_seats()

    def back_one(self) -> None:
        self.playing = False
        self.play_button.label = _("Play")
        self.goto(self.index - 1)

    def first(self) -> None:
        self.playing = False
        self.play_button.label = _("Play")
        self.goto(0)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < len(self.actions)
        self.play_button.label = _("Pause") if self.playing else _("Play")
        self.timer = 0.0

    def close(self) -> None:
        self.app.pop(self)

    # -- frames and input -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._view_call("update", dt * self.app.settings.anim_speed)
        self.notices = [(t, left - dt, c) for t, left, c in self.notices if left - dt > 0]
        if self.playing and not self._view_call("animating"):
            self.timer += dt
            if self.timer >= STEP_SECONDS / max(0.1, self.app.settings.anim_speed):
                self.timer = 0.0
                self.step()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        theme = self.theme
        x = w - theme.px(14)
        bh = theme.px(38)
        for b in reversed(self.buttons):
            bw = theme.px(84 if len(b.label) > 2 else 56)
            # wide enough for its key name (Italian "Sinistra", "Destra") rather than cut it
            hint_w = draw.text_size(theme.fonts.get(b.size * 0.72), b.hint)[0] + theme.px(22)
            bw = max(bw, hint_w)
            b.rect = pygame.Rect(x - bw, (self.bar_rect.h - bh) // 2, bw, bh)
            x -= bw + theme.px(8)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        theme = self.theme
        bar = self.bar_rect
        pygame.draw.rect(surface, T.BG_DEEP, bar)
        pygame.draw.line(surface, T.LINE, bar.bottomleft, bar.bottomright)
        name = getattr(self.ruleset, "name", "") or self.game_id
        r = draw.text(
            surface,
            _("Replay: {game}").format(game=name),
            theme.fonts.bold(19),
            T.TEXT,
            (theme.px(20), bar.centery),
            "midleft",
            theme.px(360),
        )
        status = _("Move {n} of {total}").format(n=self.index, total=len(self.actions))
        if not self.reveal_all:
            status += _("  (not over: hands stay hidden)")

        if self.index:
            status += "  -  " + self._last_move_text()
        right_limit = self.buttons[0].rect.left - theme.px(12)
        draw.text(
            surface,
            status,
            theme.fonts.get(16, "Medium"),
            T.TEXT_DIM,
            (r.right + theme.px(24), bar.centery),
            "midleft",
            max(10, right_limit - r.right - theme.px(24)),
        )
        for b in self.buttons:
            b.draw(surface, theme)

    def _last_move_text(self) -> str:
        """The last move as labelled before it was played, hidden details withheld."""
        index = self.index - 1
        try:
            return action_text(
                self.match, index, None, reveal_all=self.reveal_all, labels=self.labels
            )
        except Exception:  # noqa: BLE001 - a label must never break the replay bar
            return str(self.actions[index])

    def key(self, name: str) -> None:
        keys = {
            "escape": self.close,
            "right": self.step,
            "left": self.back_one,
            "space": self.toggle_play,
            "home": self.first,
            "end": lambda: self.goto(len(self.actions)),
        }
        if name in keys:
            keys[name]()
        elif name in ("l", "f2", "ctrl+l"):
            self.open_log()
        elif name in ("f1", "ctrl+r"):
            self.open_reference()
