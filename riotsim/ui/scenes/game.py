"""The in-game scene: hosts a rule set's view, runs bots, hides private information between
human players, and offers undo, the log, the rules reference and the pause menu.

It is the view's ``host`` (see :mod:`riotsim.ui.views.base`). Rules are never decided here:
actions go to ``match.apply`` and an :class:`IllegalAction` comes back as a short notice with
the rule set's reason.
"""

from __future__ import annotations

import datetime as _dt
import logging
import threading
import time
from pathlib import Path
from typing import Any

import pygame

from riotsim.core.contract import Action, Event, IllegalAction
from riotsim.core.events import DiceRolled
from riotsim.core.lessons import LEARNER
from riotsim.i18n import _, language
from riotsim.ui import draw, sound
from riotsim.ui import theme as T
from riotsim.ui.bots import player_label
from riotsim.ui.scene import Scene, register_scene
from riotsim.ui.scenes.common import backdrop
from riotsim.ui.scenes.lesson_card import draw_lesson_card, learner_moves
from riotsim.ui.scenes.opening import open_save, start_match
from riotsim.ui.views import GameView, GenericView, view_class
from riotsim.ui.views.base import describe_action, logged_mover
from riotsim.ui.views.keyfocus import Group, Target
from riotsim.ui.widgets import Button

log = logging.getLogger("riotsim.ui")

# view calls made every frame (layout: retried each frame after a failure); only these
# failing FALLBACK_AFTER times in a row swap a game's own view for the generic one
_VIEW_EVERY_FRAME = ("draw", "update", "animating", "layout")
BOT_BUDGET_S = 1.0
BOT_MIN_PAUSE_S = 0.6  # so people can follow what a bot does (divided by animation speed)
# the pause starts once the last move's animations (a glide) end, waited for at most this long
BOT_MAX_ANIM_WAIT_S = 6.0
NOTICE_STRIP = 64  # the bottom of the view kept for its prompt and Done buttons (design px)
FORCED_BEAT_S = 0.9  # how long a human's only move shows before it is taken for them

__all__ = [
    "GameScene",
    "bot_pause",
    "open_save",
    "start_match",
]  # the last two: opening's, as before


def bot_pause(settings: Any) -> float:
    """The least time between two bot moves: the bot speed's share of BOT_MIN_PAUSE_S,
    shorter at a faster animation speed."""
    return BOT_MIN_PAUSE_S * settings.bot_pace()[0] / max(0.1, settings.anim_speed)


class _BotJob:
    """One bot decision running on a worker thread."""

    def __init__(
        self,
        bot,
        ruleset,
        view_state,
        legal: list[Action],
        seat: int,
        generation: int,
        budget_s: float = BOT_BUDGET_S,
    ):
        self.seat = seat
        self.budget_s = budget_s
        self.generation = generation
        self.waited = 0.0  # frame time since the job started, once nothing animates
        self.held = 0.0  # frame time spent waiting for the last move's animations
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(
            target=self._run,
            args=(bot, ruleset, view_state, legal),
            daemon=True,
            name=f"bot-seat-{seat}",
        )
        self.thread.start()

    def _run(self, bot, ruleset, view_state, legal) -> None:
        try:
            self.result = bot.choose(ruleset, view_state, legal, self.budget_s)
        except BaseException as exc:  # noqa: BLE001 - reported on the UI thread
            self.error = exc
        finally:
            self.done.set()


class _HintJob:
    """One suggested turn (the Hint button) worked out on a worker thread, from a copy of the
    table made on the UI thread; ``key`` names the table it is for."""

    def __init__(self, ruleset, state, seat: int, key: tuple[int, int], seed: int):
        self.seat = seat
        self.key = key
        self.plan: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(
            target=self._run, args=(ruleset, state, seed), daemon=True, name=f"hint-seat-{seat}"
        )
        self.thread.start()

    def _run(self, ruleset, state, seed: int) -> None:
        from riotsim.ai.hint import suggest_turn

        try:
            self.plan = suggest_turn(ruleset, state, self.seat, seed=seed)
        except BaseException as exc:  # noqa: BLE001 - reported on the UI thread
            self.error = exc
        finally:
            self.done.set()


@register_scene("game")
class GameScene(Scene):
    # True where nobody plays from this screen (the replay viewer): views should then show
    # the table without "your move" prompts or clickable moves
    spectating = False

    def __init__(self, app, match, labels: dict[int, str] | None = None, lesson=None):
        super().__init__(app)
        self.match = match
        # a guided first game (riotsim.core.lessons.Lesson): its hint card shows over the board
        self.lesson = lesson
        # each logged action's label as written just before it was played (log, recent list)
        self.labels: dict[int, str] = dict(labels or {})
        self._roles: list[str] | None = None  # seat_roles, asked once per language
        self._roles_lang = ""
        self.ruleset = match.ruleset
        self.game_id = getattr(match, "game_id", self.ruleset.id)
        self.viewer_seat: int | None = None
        self.revealed_seat: int | None = None
        self.covered = False  # the hand-off screen is up
        self.refused_rule = ""  # the reference section the last refused move broke, if named
        # (log length, the only legal move or None, seconds left before it is played)
        self._forced: tuple[int, Action | None, float] | None = None
        self.bots: dict[int, Any] = {}
        self.job: _BotJob | None = None
        self._bot_refusals: dict[int, int] = {}
        self.generation = 0
        self.notices: list[tuple[str, float, tuple[int, int, int]]] = []
        self._pointer: tuple[int, int] = (0, 0)  # the last hover (where the wheel zooms)
        self.summary_shown = False
        self.view: GameView | None = None  # made by enter()
        self.view_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.undo_button = Button("", self.undo, size=15)
        self.buttons = [
            self.undo_button,
            Button("", self.open_log, size=15),
            Button("", self.open_reference, size=15),
            Button("", self.pause, size=15),
        ]
        self.results_button = Button("", self.show_results, primary=True, size=15)
        self.cover_button = Button("", self.reveal, primary=True, size=17)
        self.hint_button = Button("", self.toggle_hint, size=15)
        self._bar_buttons = list(self.buttons)  # (a replay shows its own row instead)
        self._name_buttons()
        self.hint_job: _HintJob | None = None
        self._cache_key: tuple | None = None
        self._view_failures: dict[str, int] = {}  # view calls failing in a row, by method
        self._view_needs_layout = False
        self._to_move: int | None = None
        self._outcome = None
        self._human_moved = False

    def _name_buttons(self) -> None:
        """The bar's labels in the language spoken; each button names its key, so the
        keyboard way is learnt by looking."""
        names = (_("Undo"), _("Log"), _("Rules"), _("Menu"))
        keys = (_("Ctrl+Z"), "L", "F1", _("Esc"))
        for b, name, key in zip(self._bar_buttons, names, keys, strict=True):
            b.label, b.hint = name, key
        self.results_button.label, self.results_button.hint = _("Results"), _("Return")
        self.hint_button.label, self.hint_button.hint = _("Hint"), "H"

    def language_changed(self) -> None:
        """The language changed: the bar's words, then the table laid out again."""
        self._name_buttons()
        self.resize(*self.app.size)

    # -- host interface for views ---------------------------------------------------------------
    @property
    def fonts(self):
        return self.theme.fonts

    def player(self, seat: int):
        players = self.match.setup.players
        return players[seat] if 0 <= seat < len(players) else None

    def player_name(self, seat: int | None) -> str:
        p = self.player(seat) if seat is not None else None
        return p.name if p is not None else _("Seat {n}").format(n=seat)

    def player_title(self, seat: int | None) -> str:
        """The name with the seat's side when the game has sides: "Rosa (Police)"."""
        name = self.player_name(seat)
        if seat is None:
            return name
        if self._roles is None or self._roles_lang != language():  # roles are words
            self._roles_lang = language()
            try:
                self._roles = list(self.match.ruleset.seat_roles(self.match.setup))
            except Exception:  # noqa: BLE001 - a label must never break the table
                self._roles = []
        role = self._roles[seat] if 0 <= seat < len(self._roles) else ""
        return _("{name} ({side})").format(name=name, side=role) if role else name

    def player_label(self, seat: int | None) -> str:
        """The name with the bot that plays the seat, if one does: "Ada (Hard bot)"."""
        p = self.player(seat) if seat is not None else None
        return player_label(self.player_name(seat), p.bot if p is not None else None)

    def seat_colour(self, seat: int | None) -> tuple[int, int, int]:
        if seat is None:
            return T.LINE
        p = self.player(seat)
        return T.seat_colour(seat, p.colour if p is not None else "")

    def seat_shape(self, seat: int | None) -> str:
        return T.seat_shape(seat or 0)

    def is_human(self, seat: int | None) -> bool:
        p = self.player(seat) if seat is not None else None
        return p is not None and not p.bot

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.match.setup.players) if not p.bot]

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the human deciding now; False (with a notice) if refused."""
        seat = self.to_move()
        if self.covered:
            self.notice(
                _("Pass to {name} first (press Space).").format(name=self.player_name(seat))
            )
            return False
        if seat is None or not self.is_human(seat) or seat != self.viewer_seat:
            self.notice(_("It is not your turn."))
            return False
        if self.lesson is not None and seat == LEARNER:
            why = self.lesson.refusal(learner_moves(self.match), action)
            if why is not None:
                self.notice(why, T.BAD)
                return False
        return self.apply(action)

    # -- cached questions to the rules ------------------------------------------------------
    def _refresh(self) -> None:
        key = (len(self.match.log), id(self.match.state))
        if key != self._cache_key:
            self._cache_key = key
            self._to_move = self.match.to_move()
            self._outcome = self.match.outcome()
            humans = set(self.human_seats())
            self._human_moved = any(
                logged_mover(self.match, i) in humans for i in range(len(self.match.log))
            )

    def to_move(self) -> int | None:
        self._refresh()
        return self._to_move

    def outcome(self):
        self._refresh()
        return self._outcome

    def invalidate(self) -> None:
        self._cache_key = None

    # -- life cycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        self._make_view(view_class(self.game_id))
        if getattr(self.view, "supports_hint", False) and not self.spectating:
            self.buttons.insert(1, self.hint_button)
        self._make_bots()
        self.layout(*self.app.size)
        self.update_seats()

    def _make_view(self, cls) -> None:
        try:
            self.view = cls(self)
        except Exception as exc:  # noqa: BLE001
            if cls is GenericView:
                raise
            self.view = GenericView(self)
            self.app.report(exc, f"{cls.__name__}.__init__")
        if self.view_rect.w:
            self.view.layout(self.view_rect)

    def _make_bots(self) -> None:
        for seat, p in enumerate(self.match.setup.players):
            if p.bot:
                try:
                    self.bots[seat] = self._new_bot(p.bot, seat)
                except ValueError as exc:  # a bot this build does not have (an old save)
                    self.bots[seat] = self._new_bot("random", seat)
                    self.notice(
                        _("{name}: {error}; playing as a random bot.").format(
                            name=p.name, error=exc
                        ),
                        T.BAD,
                    )

    def _new_bot(self, kind: str, seat: int):
        from riotsim.ai import get_bot, seat_seed

        return get_bot(kind, seat_seed(self.match.setup.seed, seat))

    def leave(self) -> None:
        self.generation += 1  # any bot answer still coming is ignored
        self.job = None
        self.hint_job = None

    def resume(self) -> None:
        self.layout(*self.app.size)
        self.invalidate()

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bar_h = theme.px(56)
        self.bar_rect = pygame.Rect(0, 0, w, bar_h)
        margin = theme.px(16)
        self.view_rect = pygame.Rect(margin, bar_h + margin, w - 2 * margin, h - bar_h - 2 * margin)
        bh = theme.px(38)
        x = w - theme.px(14)
        for b in reversed(self.buttons):
            bw = self._bar_button_width(b)
            b.rect = pygame.Rect(x - bw, (bar_h - bh) // 2, bw, bh)
            x -= bw + theme.px(8)
        if self.view is not None:
            self._view_call("layout", self.view_rect)

    def _bar_button_width(self, button: Button) -> int:
        """Wide enough for the longer of its labels (the Hint button also reads "Hide
        hint"), at least the bar's usual width: Italian labels run longer."""
        theme = self.theme
        font = theme.fonts.get(button.size, "Medium")
        labels = [button.label]
        if button is self.hint_button:
            labels += [_("Hint"), _("Hide hint")]
        widest = max(draw.text_size(font, label)[0] for label in labels)
        return max(theme.px(84), widest + theme.px(20))

    def _view_call(self, method: str, *args: Any) -> Any:
        """Call the view. A failure is shown once and the call tried again next time; only a
        game's own view failing every frame for a while is swapped for the generic one."""
        try:
            result = getattr(self.view, method)(*args)
        except Exception as exc:
            if type(self.view) is GenericView:
                raise
            self._view_failed(method, exc)
            return None
        if self._view_failures:
            self._view_failures.pop(method, None)
        return result

    def _view_failed(self, method: str, exc: Exception) -> None:
        from riotsim.ui.app import FALLBACK_AFTER

        name = type(self.view).__name__
        failures = self._view_failures
        count = failures[method] = failures.get(method, 0) + 1
        if method == "layout":
            self._view_needs_layout = True  # tried again before the next draw
        if count < FALLBACK_AFTER or method not in _VIEW_EVERY_FRAME:
            self.app.report(exc, f"{name}.{method}")
            return
        self._view_failures = {}
        self.view = GenericView(self)
        self.view.layout(self.view_rect)
        self.app.log_exception(exc, f"{name}.{method}, {count} times in a row")
        self.app.message(
            _("Showing the plain action list"),
            _(
                "The board failed every frame ({where}: {error}), so the game goes on with "
                "the plain action list until you open it again. The game is saved after every "
                "move."
            ).format(where=f"{name}.{method}", error=exc),
            kind="error",
        )

    # -- seats, hand-off -----------------------------------------------------------------------
    def update_seats(self) -> None:
        """Decide whose private information shows, and whether the hand-off screen is up."""
        seat = self.to_move()
        humans = self.human_seats()
        if len(humans) == 1:
            self.viewer_seat = self.revealed_seat = humans[0]
            self.covered = False
            return
        if seat is None or not self.is_human(seat):
            return  # bots and the end of the game keep whatever is showing
        if self.ruleset.hidden_information and seat != self.revealed_seat:
            if not self.covered:
                sound.play("turn")
            self.covered = True
            self.viewer_seat = None
        elif not self.covered:
            self.viewer_seat = self.revealed_seat = seat

    def reveal(self) -> None:
        """The next player has the screen: show their private information."""
        if not self.covered:
            return
        self.covered = False
        seat = self.to_move()
        self.viewer_seat = self.revealed_seat = seat
        self.invalidate()

    # -- playing --------------------------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        index = len(self.match.log)
        label = describe_action(self.ruleset, self.match.state, action)
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            # F1 next opens the reference at the rule the refusal names, or else searches it
            # for the kind of move refused ("raid", "buy")
            self.refused_rule = exc.rule or action.kind.replace("_", " ")
            self.notice(_("{reason}  (F1: the rule)").format(reason=exc.reason), T.BAD)
            return False
        self.refused_rule = ""
        self.labels[index] = label
        self.after_apply(events)
        return True

    def after_apply(self, events: list[Event]) -> None:
        self.invalidate()
        if any(isinstance(e, DiceRolled) for e in events):
            sound.play("dice")
        else:
            sound.play("click")
        self._view_call("on_events", list(events))
        error = getattr(self.match, "last_autosave_error", None)
        if error:
            self.notice(_("Autosave failed: {error}").format(error=error), T.BAD)
        self.update_seats()

    def undo(self) -> None:
        self._refresh()
        if self.match.can_undo() and not self._human_moved:
            self.notice(_("Nothing to undo: no player has moved yet."))
            return
        if not self.match.can_undo():
            blocker = getattr(self.match, "undo_blocker", lambda: None)()
            if blocker:
                self.notice(_("Cannot undo: {reason}").format(reason=blocker))
            else:
                self.notice(_("Nothing to undo."))
            return
        self.generation += 1
        self.job = None
        self._view_call("fast_forward")
        # step back past bot moves to the last decision a human made
        self.match.undo()
        self.invalidate()
        while (
            self.to_move() is not None
            and not self.is_human(self.to_move())
            and self.match.can_undo()
        ):
            self.match.undo()
            self.invalidate()
        self.hint_job = None
        self._view_call("clear_hint")  # (the log may grow back to the hint's length)
        if hasattr(self.view, "on_undo"):
            self._view_call("on_undo")
        self._view_call("on_events", [])
        self.update_seats()
        self.notice(_("Move taken back."))

    def notice(self, text: str, colour: tuple[int, int, int] | None = None) -> None:
        self.notices.append((text, 3.0, colour or T.ACCENT))
        self.notices = self.notices[-3:]

    # -- bots ----------------------------------------------------------------------------------
    def bot_thinking(self) -> bool:
        return self.job is not None

    def _drive_bot(self, dt: float) -> None:
        seat = self.to_move()
        if seat is None or self.is_human(seat) or self.outcome().finished:
            self.job = None
            return
        job = self.job
        if job is None or job.seat != seat or job.generation != self.generation:
            legal = self.match.legal_actions()
            if not legal:
                return
            view_state = self.ruleset.view(self.match.state, seat)
            bot = self.bots.get(seat) or self._new_bot("random", seat)
            self.bots[seat] = bot
            budget = BOT_BUDGET_S * self.app.settings.bot_pace()[1]
            self.job = _BotJob(bot, self.ruleset, view_state, legal, seat, self.generation, budget)
            return
        if self._animating() and job.held < BOT_MAX_ANIM_WAIT_S:
            job.held += dt  # the last move's pieces still glide: the pause starts after
            return
        job.waited += dt
        pause = bot_pause(self.app.settings)
        if not job.done.is_set() or job.waited < pause:
            return
        self.job = None
        if job.error is not None:
            # a failing bot must not stall the table: report it, then play on with random
            self.bots[seat] = self._new_bot("random", seat)
            self.app.report(job.error, f"bot for {self.player_name(seat)}")
            return
        if job.result is not None and not self.apply(job.result):
            # the rules refused the bot's move; one that keeps doing so would stall the table
            self._bot_refusals[seat] = self._bot_refusals.get(seat, 0) + 1
            if self._bot_refusals[seat] >= 3:
                self.bots[seat] = self._new_bot("random", seat)
                self._bot_refusals[seat] = 0
                self.notice(
                    _("{name}'s bot kept choosing illegal moves; a random bot plays on.").format(
                        name=self.player_name(seat)
                    ),
                    T.BAD,
                )

    def _drive_forced(self, dt: float) -> None:
        """A human whose only legal move is forced (a pass, "Done moving" with nothing to
        move) sees it named for a beat, then it is played for them (Settings can turn it off)."""
        seat = self.to_move()
        if (
            seat is None
            or not self.is_human(seat)
            or self.covered
            or seat != self.viewer_seat
            or not self.app.settings.auto_forced
        ):
            self._forced = None
            return
        key = len(self.match.log)
        if self._forced is None or self._forced[0] != key:
            legal = self.match.legal_actions()
            if len(legal) != 1:
                self._forced = (key, None, 0.0)
                return
            label = describe_action(self.ruleset, self.match.state, legal[0])
            self.notice(_("Only one move: {move}").format(move=label), T.ACCENT)
            self._forced = (key, legal[0], FORCED_BEAT_S)
            return
        _key, action, left = self._forced
        if action is None:
            return
        left -= dt * max(0.1, self.app.settings.anim_speed)
        if left > 0:
            self._forced = (key, action, left)
            return
        self._forced = None
        self.apply(action)

    # -- the hint (views with ``supports_hint``: Quodd Heroes) ----------------------------------
    def hint_key(self) -> tuple[int, int]:
        """The table a hint is for: any move or undo makes it another."""
        return (len(self.match.log), self.generation)

    def hint_refusal(self) -> str:
        """Why no hint may be asked for now ('' when one may): only for the human to move,
        on their own screen, when every other seat is a bot (or in solo)."""
        if not getattr(self.view, "supports_hint", False) or self.spectating:
            return _("This game has no hints.")
        seat = self.to_move()
        if self.outcome().finished or seat is None:
            return _("The game is over.") if self.outcome().finished else _("Nobody is to move.")
        if self.covered or not self.is_human(seat) or seat != self.viewer_seat:
            return _("A hint is for the player to move, on their turn.")
        players = self.match.setup.players
        if any(not p.bot for i, p in enumerate(players) if i != seat):
            return _("Hints are for solo play, or a human playing bots.")
        return ""

    def toggle_hint(self) -> None:
        """Ask for a hint; again while it thinks cancels it, and again once shown hides it."""
        if self.hint_job is not None:
            self.hint_job = None
            self.notice(_("Hint cancelled."))
        elif self._hint_shown():
            self._view_call("clear_hint")
        elif self.hint_refusal():
            self.notice(self.hint_refusal())
        else:
            seat = self.to_move()
            assert seat is not None  # (hint_refusal says so)
            from riotsim.ai import seat_seed

            state = self.ruleset.copy(self.match.state)  # the thread never sees the live one
            seed = seat_seed(self.match.setup.seed, seat) + len(self.match.log)
            self.hint_job = _HintJob(self.ruleset, state, seat, self.hint_key(), seed)
        self._sync_hint()

    def _drive_hint(self) -> None:
        """A finished hint goes to the view; a move made meanwhile cancels it."""
        job = self.hint_job
        if job is not None and job.key != self.hint_key():
            self.hint_job = job = None  # the player moved: the answer is for another table
        if job is not None and job.done.is_set():
            self.hint_job = None
            if job.error is not None:
                self.app.report(job.error, "hint")
            elif self.view is not None:
                self._view_call("show_hint", job.plan, job.seat)
        self._sync_hint()

    def _hint_shown(self) -> bool:
        """Whether the view shows a hint for the table as it is (a move clears it)."""
        return self.view is not None and self._view_call("current_hint") is not None

    def _sync_hint(self) -> None:
        view = self.view
        if view is None or not view.supports_hint:
            return
        view.hint_thinking = self.hint_job is not None
        shown = self._hint_shown()
        b = self.hint_button
        if self.hint_job is not None:
            b.label = _("Thinking...")
        else:
            b.label = _("Hide hint") if shown else _("Hint")
        b.enabled = bool(self.hint_job is not None or shown or not self.hint_refusal())

    def wait_for_hint(self, timeout: float = 10.0) -> None:
        """Tests and screenshots: block until the running hint has answered, then show it."""
        if self.hint_job is not None:
            self.hint_job.done.wait(timeout)
        self._drive_hint()

    def wait_for_bots(self, timeout: float = 10.0) -> None:
        """Tests and screenshots: block until the running bot job has answered."""
        if self.job is not None:
            self.job.done.wait(timeout)

    # -- frames ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        speed = self.app.settings.anim_speed
        self._view_call("update", dt * speed)
        self.notices = [(t, left - dt, c) for t, left, c in self.notices if left - dt > 0]
        self._refresh()
        # undo takes back a human's decision: with only bot moves in the log there is none
        self.undo_button.enabled = self.match.can_undo() and not self.covered and self._human_moved
        animating = bool(self._view_call("animating"))
        self._drive_hint()
        if not animating and self.app.stack.top is self:
            self._drive_bot(dt)
            self._drive_forced(dt)
        if self.outcome().finished and not animating and not self.summary_shown:
            self.show_results()
        finished = self.summary_shown and self.outcome().finished
        if finished != (self.buttons[0] is self.results_button):
            # after the game the bar offers the results again where Undo was
            self.buttons[0] = self.results_button if finished else self.undo_button
            self.layout(*self.app.size)

    def show_results(self) -> None:
        """The summary screen (again, after looking at the final board)."""
        self.summary_shown = True
        self.app.stack.push("summary", self)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        if self._view_needs_layout:  # the last layout failed: try again before drawing
            self._view_needs_layout = False
            self._view_call("layout", self.view_rect)
        self._view_call("draw", surface)
        self._draw_bar(surface)
        if not self.covered:
            self._view_call("draw_focus", surface)
        if self.lesson is not None and not self.covered:
            moves = learner_moves(self.match)
            draw_lesson_card(surface, self.theme, self.view_rect, self.lesson, moves)
        if self.covered:
            self._draw_handoff(surface)
        self._draw_notices(surface)

    def _bar_key(self) -> tuple:
        """Everything the top bar shows: while it is unchanged the bar is one cached blit."""
        out = self.outcome()
        dots = int(time.perf_counter() * 3) % 3 if self.bot_thinking() else -1
        return (
            self.bar_rect.size,
            self.theme.look,
            out.rounds,
            out.finished,
            self.to_move(),
            dots,
            tuple(
                (b.label, b.hint, b.enabled, b.hovered, b.focused, b.selected, tuple(b.rect))
                for b in self.buttons
            ),
        )

    def _draw_bar(self, surface: pygame.Surface) -> None:
        key = self._bar_key()
        cache = getattr(self, "_bar_cache", None)
        if cache is None or cache[0] != key:
            image = pygame.Surface(self.bar_rect.size)
            self._paint_bar(image)
            if pygame.display.get_surface() is not None:
                image = image.convert()
            cache = self._bar_cache = (key, image)
        surface.blit(cache[1], self.bar_rect.topleft)

    def _paint_bar(self, surface: pygame.Surface) -> None:
        """The bar itself, drawn on a surface the size of the bar (at 0, 0)."""
        theme = self.theme
        bar = surface.get_rect()
        pygame.draw.rect(surface, T.BG_DEEP, bar)
        pygame.draw.line(surface, T.LINE, bar.bottomleft, bar.bottomright)
        x = theme.px(20)
        name = getattr(self.ruleset, "name", "") or self.game_id
        # the title's room grows with the text size, up to half the bar left of the buttons
        room = min(
            int(theme.px(300) * max(1.0, theme.text_scale)),
            max(theme.px(300), (self.buttons[0].rect.left - x) // 2),
        )
        r = draw.text(
            surface, name, theme.fonts.bold(19), T.TEXT, (x, bar.centery), "midleft", room
        )
        x = r.right + theme.px(24)
        out = self.outcome()
        if out.rounds:
            r = draw.text(
                surface,
                _("Round {n}").format(n=out.rounds),
                theme.fonts.get(16),
                T.TEXT_DIM,
                (x, bar.centery),
                "midleft",
            )
            x = r.right + theme.px(24)
        seat = self.to_move()
        if out.finished:
            status = _("Game over")
        elif seat is None:
            status = ""
        else:
            status = _("{name} to move").format(name=self.player_label(seat))
            if self.bot_thinking():
                status += _("  - thinking") + "." * (1 + int(time.perf_counter() * 3) % 3)
            draw.seat_marker(
                surface,
                self.seat_shape(seat),
                self.seat_colour(seat),
                (x + theme.px(9), bar.centery),
                theme.px(9),
            )
            x += theme.px(26)
        right_limit = self.buttons[0].rect.left - theme.px(12)
        draw.text(
            surface,
            status,
            theme.fonts.get(16, "Medium"),
            T.TEXT,
            (x, bar.centery),
            "midleft",
            max(10, right_limit - x),
        )
        for b in self.buttons:
            b.draw(surface, theme)

    def handoff_note(self, seat: int | None) -> str:
        """The hand-off card's line; a view may say whose hands will show to ``seat`` (Quodd:
        a teammate's while the rules let them trade)."""
        note = _("Private information is hidden until they take the seat.")
        if seat is not None and hasattr(self.view, "handoff_note"):
            note = self._view_call("handoff_note", seat) or note
        return note

    def bots_note(self) -> str:
        """Who the bots at the table are, with their levels ('' with none): the hand-off
        card's last line."""
        bots = [self.player_label(s) for s, p in enumerate(self.match.setup.players) if p.bot]
        return _("Playing with {bots}.").format(bots=", ".join(bots)) if bots else ""

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        """Cover the view's private panels while the board stays visible underneath."""
        theme = self.theme
        seat = self.to_move()
        surface.blit(draw.veil(self.view_rect.size, (*T.BG_DEEP, 110)), self.view_rect.topleft)
        w, h = min(self.view_rect.w - theme.px(40), theme.px(520)), theme.px(200)
        note = self.handoff_note(seat)
        note_font = theme.fonts.get(15)
        lines = draw.wrap(note, note_font, w - theme.px(40))[:3]
        bots = self.bots_note()
        if bots:
            lines += draw.wrap(bots, note_font, w - theme.px(40))[:2]
        h += (len(lines) - 1) * draw.line_step(note_font)
        card = pygame.Rect(0, 0, w, h)
        # below the middle, so a dice roll that led here stays in sight above it
        card.center = (self.view_rect.centerx, self.view_rect.top + int(self.view_rect.h * 0.62))
        draw.rounded_rect(
            surface, card, (*T.PANEL, 245), theme.px(16), self.seat_colour(seat), theme.px(3)
        )
        draw.seat_marker(
            surface,
            self.seat_shape(seat),
            self.seat_colour(seat),
            (card.centerx, card.top + theme.px(36)),
            theme.px(16),
        )
        draw.text(
            surface,
            _("Pass to {name}").format(name=self.player_title(seat)),
            theme.fonts.title(28),
            T.TEXT,
            (card.centerx, card.top + theme.px(62)),
            "midtop",
            card.w - theme.px(40),
        )
        y = card.top + theme.px(104)
        for line in lines:
            draw.text(surface, line, note_font, T.TEXT_DIM, (card.centerx, y), "midtop")
            y += draw.line_step(note_font)
        # the name may be long: the key to press goes on its own line, never cut off
        self.cover_button.label = _("I am {name}").format(name=self.player_name(seat))
        self.cover_button.hint = _("or press Space")
        self.cover_button.rect = pygame.Rect(
            0, 0, min(card.w - theme.px(60), theme.px(360)), theme.px(48)
        )
        self.cover_button.rect.midbottom = (card.centerx, card.bottom - theme.px(18))
        self.cover_button.draw(surface, theme)

    def cue_anchor(self) -> tuple[int, int]:
        """Where the sounds' cue lines stack up from (their bottom-left corner): at the
        view's left, above the strip where views keep their prompt and Done buttons, and
        above the notices shown there, so a cue covers neither."""
        theme = self.theme
        y = self.view_rect.bottom - theme.px(NOTICE_STRIP)
        y -= len(self.notices) * (theme.px(42) + theme.px(8))
        return self.view_rect.left + theme.px(12), y - theme.px(4)

    def _draw_notices(self, surface: pygame.Surface) -> None:
        theme = self.theme
        # above the strip where views keep their prompt and Done buttons, so none is hidden
        y = self.view_rect.bottom - theme.px(NOTICE_STRIP)
        font = theme.fonts.get(16, "Medium")
        for text, left, colour in reversed(self.notices):
            wide = draw.text_size(font, text)[0] + theme.px(56)
            img_w = min(self.view_rect.w - theme.px(40), wide)
            box = pygame.Rect(0, 0, img_w, theme.px(42))
            box.midbottom = (self.view_rect.centerx, y)
            alpha = int(235 * min(1.0, left / 0.4))
            draw.rounded_rect(surface, box, (*T.PANEL, alpha), theme.px(10), colour, theme.px(2))
            # a refusal and a success differ by a sign as well as by colour
            kind = "cross" if colour == T.BAD else "check" if colour == T.GOOD else "info"
            draw.sign(surface, kind, (box.left + theme.px(16), box.centery), theme.px(6), colour)
            inner = box.inflate(-theme.px(24), 0).move(theme.px(8), 0)
            draw.text(surface, text, font, T.TEXT, inner.center, "center", inner.w - theme.px(8))
            y = box.top - theme.px(8)

    # -- input ----------------------------------------------------------------------------------
    def _animating(self) -> bool:
        return bool(self.view is not None and self._view_call("animating"))

    def hover(self, pos) -> None:
        self._pointer = pos
        for b in self.buttons:
            b.hover(pos)
        self.cover_button.hover(pos)
        self._view_call("hover", pos)

    def click(self, pos, button: int = 1) -> None:
        ring = getattr(self.view, "ring", None)
        if ring is not None:
            ring.hide()  # the mouse is in use: no keyboard ring
        self.press(pos, button)

    def press(self, pos, button: int = 1) -> None:
        """A click's work (the keyboard's Enter on a bar button comes here too)."""
        for b in self.buttons:
            if b.click(pos, button):
                return
        undo = self.undo_button
        if button == 1 and undo in self.buttons and undo.rect.collidepoint(pos):
            if not self.covered:
                self.undo()  # greyed out: say why instead of doing nothing
            return
        if self.covered:
            self.cover_button.click(pos, button)
            return
        if self._animating():
            self._view_call("fast_forward")
            return
        self._view_call("click", pos, button)

    def scroll(self, dy: int) -> None:
        if hasattr(self.view, "wheel") and self._view_call("wheel", self._pointer, dy):
            return  # the wheel zoomed the board under the pointer
        if hasattr(self.view, "scroll"):
            self._view_call("scroll", dy)

    def release(self, pos, button: int = 1) -> None:
        if hasattr(self.view, "release"):
            self._view_call("release", pos, button)

    def key(self, name: str) -> None:
        if name == "escape":
            # Escape first backs out of a pick on the table, then opens the menu
            if self.covered or not self._view_call("key", name):
                self.pause()
            return
        if self.covered:
            if name in ("space", "return"):
                self.reveal()
            return
        if self._animating():
            self._view_call("fast_forward")
            if name == "space":
                return
        if self._view_call("key", name):
            return
        if name in ("return", "space") and self.summary_shown and self.outcome().finished:
            self.show_results()
            return
        if name == "ctrl+z":
            self.undo()
        elif name == "h" and self.hint_button in self.buttons:
            self.toggle_hint()
        elif name in ("f1", "ctrl+r"):
            self.open_reference()
        elif name in ("l", "f2", "ctrl+l"):
            self.open_log()
        elif name in ("?", "/"):
            self.app.stack.push("keys")

    def bar_focus_group(self) -> Group:
        """The bar's buttons as the last focus group of keyboard play; Enter on one is a
        click on it."""

        def target(i: int, b: Button) -> Target:
            return Target(("bar", i), pygame.Rect(b.rect), act=lambda: self.press(b.rect.center))

        return Group("bar", [target(i, b) for i, b in enumerate(self.buttons) if b.rect.w > 0])

    # -- overlays ---------------------------------------------------------------------------------
    def pause(self) -> None:
        self.app.stack.push("pause", self)

    def open_log(self) -> None:
        if self.covered:
            # the log may name what the last player drew: only after the hand-off
            self.notice(
                _("Pass to {name} first (press Space).").format(
                    name=self.player_name(self.to_move())
                )
            )
            return
        self.app.stack.push("log", self)

    def open_reference(self) -> None:
        # opened right after a refusal that names its rule, the reference opens at that rule
        self.app.stack.push("reference", self.game_id, self.ruleset, self.refused_rule)

    def default_save_name(self, label: str = "") -> str:
        stamp = _dt.datetime.now().strftime("%Y-%m-%d %H-%M")
        name = getattr(self.ruleset, "name", "") or self.game_id
        # it becomes a file name: keep to letters, digits, spaces and dashes
        name = " ".join(name.replace("&", "and").replace(":", " ").split())
        return f"{name} {label + ' ' if label else ''}{stamp}"

    def save_as(self, label: str = "", name: str | None = None) -> Path | None:
        """Save under ``name`` (default: game, label and time); never overwrites another save."""
        from riotsim.core.saves import SaveError, save_path

        name = name or self.default_save_name(label)
        try:
            path = save_path(name)
            n = 2
            while path.exists():
                path = save_path(f"{name} {n}")
                n += 1
            self.match.save(path)
        except SaveError as exc:
            self.app.message(_("Not saved"), str(exc), kind="error")

            return None
        return path
