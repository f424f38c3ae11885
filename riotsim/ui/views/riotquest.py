"""The Riot Quest play screen.

Left: the hex arena drawn from its Tiled tiles, with heroes as tokens in their team's colour
and shape, Loot, Bounty tokens and the Chest; below it the prompt and the buttons for the
legal actions that are not a place on the board. Right: a panel per player (Dice Well, Loot,
VP, Bench, Cooler, and the Riot Gear hand only for the seat allowed to see it), the focused
hero's card, the two Bounties and the Chest card, and the game log.

Everything clickable comes from ``match.legal_actions()``: hexes a hero may run, leap or be
placed to glow when the hero is hovered or selected; enemies in range get a red ring and open
the attack chooser with the exact hit and Super Damage odds for each number of Action dice.
Set-up decisions (decks, arena, Spec-Ops classes, crew picks, bans, Riot Gear) are drawn as
cards to click.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from riotsim.core.contract import Action, Event, MenuEntry
from riotsim.games.riotquest import rules
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.describe import hex_label, place_kind, place_name
from riotsim.games.riotquest.profile import profile
from riotsim.games.riotquest.ruleset import crews_secret
from riotsim.i18n import N_, _, ngettext
from riotsim.ui import draw as D
from riotsim.ui import theme as T
from riotsim.ui.views import riotquest_anim as RA
from riotsim.ui.views import riotquest_art as A
from riotsim.ui.views import riotquest_cards as C
from riotsim.ui.views.base import GameView, action_text, logged_mover, seat_label
from riotsim.ui.views.keyfocus import Group, Target
from riotsim.ui.views.marks import ChangeMarks
from riotsim.ui.views.riotquest_bar import BarItem, Slot, slots
from riotsim.ui.views.riotquest_board import ArenaPainter, arena_tiles
from riotsim.ui.views.riotquest_effects import change_marks, play_effects
from riotsim.ui.views.riotquest_index import (
    SETUP_KINDS,
    ActionIndex,
    build_index,
)
from riotsim.ui.views.riotquest_log import event_lines, move_headline, roll_verdict
from riotsim.ui.views.riotquest_odds import attack_odds, rig_odds
from riotsim.ui.views.riotquest_popup import Popup
from riotsim.ui.views.riotquest_setup import SetupScreens
from riotsim.ui.views.words import tr
from riotsim.ui.views.zoom import draw_badge
from riotsim.ui.widgets.button import Button
from riotsim.ui.widgets.dicetray import DiceTray, roll_of
from riotsim.ui.widgets.tooltip import draw_tooltip

Cell = tuple[int, int]
Key = tuple[int, str]  # (seat, hero id)

MOVE_COLOUR = (0, 158, 115)
SPECIAL_COLOUR = (204, 121, 167)
PLACE_COLOUR = (86, 180, 233)
ATTACK_COLOUR = (230, 60, 50)
CHOICE_COLOUR = (240, 200, 60)
FOCUS_COLOUR = (255, 255, 255)
# arrow keys -> screen directions for the keyboard hex cursor
ARROWS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}


# ---------------------------------------------------------------------------------------------
# The view


# the buttons that name the hero they act on
HERO_BUTTONS = {
    "spawn": N_("Spawn {hero}"),
    "release": N_("Release {hero}"),
    "heal": N_("Heal {hero}"),
    "refund": N_("Refund {hero}"),
    "evacuate": N_("Evacuate {hero}"),
}


# the side panel's log: the least room it keeps with its lines, and as a one-line strip
LOG_MIN = 90
LOG_STRIP = 24


class RiotQuestView(SetupScreens, GameView):
    def __init__(self, host: Any):
        super().__init__(host)
        self.painter: ArenaPainter | None = None
        self.painter_id: str | None = None
        self.thumbs: dict[str, ArenaPainter] = {}
        self.selected: Key | None = None
        self.hovered_hero: Key | None = None
        self.card_hero: Key | None = None  # any hero under the cursor: its card shows
        self.hover_cell: Cell | None = None
        self.key_cell: Cell | None = None  # the keyboard's hex cursor
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.shove_target: Key | None = None
        self.popup: Popup | None = None
        self.buttons: list[tuple[Button, Callable[[], None]]] = []
        self.button_tips: dict[int, str] = {}  # a bar button's hover text (why it is greyed)
        self.menu_slots: list[Slot] = []
        self.greyed: list[MenuEntry] = []
        self._preview_state: Any = None
        self.tray = DiceTray()
        self._seen: tuple[Any, Any] = (None, None)  # the rules' view for the viewer, cached
        self.tray_hero: Key | None = None
        self.log_rects: list[tuple[pygame.Rect, int]] = []  # log lines and their action
        self.hand_rects: list[tuple[pygame.Rect, str]] = []
        # side-panel cards and the whole text each shows on hover (cut text stays readable)
        self.card_tips: list[tuple[pygame.Rect, str]] = []
        self.setup_rects: list[tuple[pygame.Rect, Action | None]] = []
        # a set-up grid taller than its panel scrolls: the whole cards, the part on show
        self.setup_full: list[pygame.Rect] = []
        self.setup_view = pygame.Rect(0, 0, 0, 0)
        self.setup_scroll = 0
        self.setup_scroll_max = 0
        self.setup_scroll_for: tuple[str, int | None] = ("", None)
        self.positions: dict[Key, Cell] = {}
        self.marks = ChangeMarks()  # what the latest move changed, fading after its glide
        self._key: tuple | None = None
        self._preview_cache: tuple[Any, list[Action]] = (None, [])
        self._hl_key: Any = None
        self._hl_layer: pygame.Surface | None = None
        self._side_key: Any = None
        self._setup_key: Any = None
        self._panel_cache: dict[tuple, pygame.Surface] = {}
        self._setup_cache: pygame.Surface | None = None
        self._side_cache: pygame.Surface | None = None
        self.side_origin: tuple[int, int] = (0, 0)
        self._log_cache: dict[tuple, list] = {}
        self._log_undo_guard = 0
        self.idx = ActionIndex()
        self.arena_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self._snapshot_positions()

    # -- state helpers -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def viewer(self) -> int | None:
        return self.host.viewer_seat

    @property
    def spectating(self) -> bool:
        """The replay viewer: nobody plays from this screen."""
        return bool(getattr(self.host, "spectating", False))

    def is_bot(self, seat: int | None) -> bool:
        is_human = getattr(self.host, "is_human", None)
        return seat is not None and is_human is not None and not is_human(seat)

    def plays(self, seat: int | None) -> bool:
        """Whether this screen decides for ``seat`` now: a human seat whose private view shows,
        outside replays. Bots' and replayed turns show no prompts, highlights or choices."""
        if seat is None or seat != self.viewer:
            return False
        return not self.spectating and not self.is_bot(seat)

    def waiting_text(self) -> str:
        """What the table waits for when this screen does not decide ('' when it does)."""
        seat = self.match.to_move()
        if seat is None or self.plays(seat):
            return ""
        name = self.host.player_name(seat)
        if self.spectating:
            return _("Replay: {name} to move.").format(name=name)
        if self.is_bot(seat):
            return _("{name} is thinking...").format(name=seat_label(self.host, seat, bot=True))
        return _("Waiting for {name}...").format(name=name)

    def _snapshot_positions(self) -> None:
        self.positions = {}
        for crew in self.state.heroes:
            for h in crew.values():
                if h.place == "arena" and h.pos is not None:
                    self.positions[(h.seat, h.id)] = h.pos

    @property
    def arena_painter(self) -> ArenaPainter:
        """The painter of the arena on show (what draws the arena, or steps the cursor on
        it, runs only while there is one)."""
        if self.painter is None:
            raise RuntimeError("no arena is laid out")
        return self.painter

    def _ensure_painter(self) -> None:
        arena = self.state.arena
        if arena is None:
            self.painter = None
            self.painter_id = None
            return
        if self.painter is None or self.painter_id != arena.id:
            self.painter = ArenaPainter(arena, arena_tiles(arena.id))
            self.painter_id = arena.id
            self.painter.fit(self.arena_rect)

    def refresh(self) -> ActionIndex:
        """Rebuild the action index when the match, the viewer or the selection changed."""
        state = self.state
        key = (
            len(self.match.log),
            id(state),
            self.viewer,
            self.selected,
            self.hovered_hero,
            self.shove_target,
        )
        if key == self._key:
            return self.idx
        self._key = key
        seat = self.match.to_move()
        mine = self.plays(seat)
        legal = self.match.legal_actions() if mine else []
        focus = self.selected or self.hovered_hero
        if not mine and seat is not None and state.active is not None and not state.pending:
            focus = (seat, state.active)
        preview = None
        if mine and focus is not None and state.active is None and not state.pending:
            preview = self._preview(focus, legal)
        self.idx = build_index(state, legal, seat, mine, focus, self.shove_target, preview)
        if not mine and self.idx.focus is None and state.active is not None:
            self.idx.focus = (state.priority, state.active)
        self._ensure_painter()
        self._menu()
        self._make_buttons()
        return self.idx

    def invalidate(self) -> None:
        self._key = None

    def _preview(self, focus: Key, legal: list[Action]) -> list[Action] | None:
        """What ``focus`` could do once activated: the rules' answer on a copy of the state."""
        activate = next((a for a in legal if a.kind == "activate" and a["hero"] == focus[1]), None)
        if activate is None:
            return None
        key = (len(self.match.log), id(self.state), focus)
        if self._preview_cache[0] != key:
            ruleset = self.match.ruleset
            copy = ruleset.copy(self.state)
            ruleset.apply(copy, activate)
            self._preview_cache = (key, ruleset.legal_actions(copy))
            self._preview_state = copy
        return self._preview_cache[1]

    def _preview_menu(self) -> list[MenuEntry]:
        """The previewed hero's action menu, as the rules give it once it activates."""
        if self._preview_state is None:
            return []
        return self.match.ruleset.action_menu(self._preview_state)

    # -- layout --------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        th = self.theme
        gap = th.px(12)
        side_w = max(th.px(300), min(th.px(440), int(rect.w * 0.36)))
        bar_h = th.px(52)
        self.side_rect = pygame.Rect(rect.right - side_w, rect.top, side_w, rect.h)
        self.arena_rect = pygame.Rect(
            rect.left, rect.top, rect.w - side_w - gap, rect.h - bar_h - gap
        )
        self.bar_rect = pygame.Rect(
            rect.left, self.arena_rect.bottom + gap, self.arena_rect.w, bar_h
        )
        self._ensure_painter()
        if self.painter is not None:
            self.painter.fit(self.arena_rect)
        self.thumbs.clear()
        self.popup = None
        self.invalidate()

    # -- buttons -------------------------------------------------------------------------------
    def _button_label(self, a: Action) -> tuple[str, str]:
        k = a.kind
        c = content()
        hero = a.get("hero")
        name = C.short_name(hero) if hero else ""
        if k == "pass":
            return _("Pass"), _("rest of round")
        if k == "end_activation":
            return _("End activation"), ""
        if k == "raid":
            h = self.state.heroes[self.state.priority][hero]
            free = rules.can_free_raid(self.state, h)
            return _("Raid Chest"), _("free") if free else _("1 die")
        if k == "rig":
            b = c.bounties[a.word("bounty")]
            odds = rig_odds(*rules.rig_dice(self.state, hero, b.id))
            return _("Rig {bounty}").format(bounty=tr(b.name)), f"{round(float(odds) * 100)}%"
        if k == "special":
            return C.term(str(a["ability"])), name
        if k == "skip":
            return _("Skip"), ""
        if k == "done":
            return _("Done"), ""
        if k == "order":
            return _("{ability} first").format(ability=C.term(str(a["ability"]))), ""
        if k == "recover":
            return _("Recover {gear}").format(gear=tr(c.gear[a.word("gear")].name)), ""
        if k in ("spawn", "release", "heal", "refund", "evacuate"):
            return tr(HERO_BUTTONS[k]).format(hero=name), ""
        return self.match.describe(a), ""

    def _make_buttons(self) -> None:
        idx = self.idx
        self.buttons = []
        self.button_tips = {}
        if not idx.mine:
            return
        if self.menu_slots:
            self._slot_buttons(self.menu_slots)
            return
        items: list[BarItem] = []
        for a in idx.buttons:
            label, hint = self._button_label(a)
            primary = a.kind in ("end_activation", "done", "take_turn")
            items.append(BarItem(label, hint, self._submitter(a), primary))
        if idx.equips:
            n = len(idx.equips)
            items.insert(
                0,
                BarItem(
                    _("Equip gear"),
                    ngettext("{n} way", "{n} ways", n).format(n=n),
                    self._open_equip,
                ),
            )
        th = self.theme
        # keep the bar tidy: if there are too many, the overflow goes into a pop-up
        max_buttons = max(1, (self.bar_rect.w // 2) // th.px(120))
        if len(items) > max_buttons:
            extra = items[max_buttons - 1 :]
            items = items[: max_buttons - 1]

            def more(extra=extra) -> None:
                rows = [(item.label, item.hint, item.cb) for item in extra]
                self._open_popup(Popup(_("More actions"), rows, self.bar_rect.midtop))

            items.append(BarItem(_("More..."), f"{len(extra)}", more))
        # what the rules say may not be done now, greyed with why (Pass, Equip)
        for entry in self.greyed:
            items.append(BarItem(entry.label, _("unavailable"), None, tip=entry.reason))
        self._place_buttons(items, th.px(96), th.px(230))

    def _slot_buttons(self, bar: list[Slot]) -> None:
        """The activating hero's action bar: a button per slot of its card."""
        items = [
            BarItem(
                s.label,
                s.hint,
                self._slot_click(s) if s.available else None,
                s.group == "End activation",
                s.tip,
            )
            for s in bar
        ]
        th = self.theme
        gap = th.px(6)
        room = self.bar_rect.w - th.px(100) - gap * len(items)  # room left for the hero's name
        each = max(th.px(50), min(th.px(150), room // max(1, len(items))))
        self._place_buttons(items, th.px(50), each, gap)

    def _place_buttons(self, items: list[BarItem], least: int, most: int, gap: int = 0) -> None:
        th = self.theme
        gap = gap or th.px(8)
        right = self.bar_rect.right - th.px(4)
        for item in reversed(items):
            font = th.fonts.get(15, "Medium")
            hint_w = th.fonts.get(15 * 0.72).size(item.hint)[0] if item.hint else 0
            w = max(least, font.size(item.label)[0] + th.px(28), hint_w + th.px(28))
            w = min(w, most)
            b = Button(
                item.label,
                item.cb,
                primary=item.primary,
                enabled=item.cb is not None,
                hint=item.hint,
                size=self._label_size(item.label, w),
            )
            b.rect = pygame.Rect(
                right - w, self.bar_rect.top + th.px(4), w, self.bar_rect.h - th.px(8)
            )
            right -= w + gap
            self.buttons.append((b, item.cb or (lambda: None)))
            if item.tip:
                self.button_tips[id(b)] = item.tip

    def _label_size(self, label: str, width: int) -> float:
        """The button text size at which ``label`` fits ``width`` (the button shrinks its text
        to 85% before it cuts it): 15 where it fits, smaller for a longer translation."""
        room = width - 2 * self.theme.px(10)
        for size in (15, 14, 13, 12):
            if self.theme.fonts.get(size * 0.85, "Medium").size(label)[0] <= room:
                return size
        return 11

    def _slot_click(self, slot: Slot) -> Callable[[], None]:
        """What a click on an open slot does: play its one action, or show where to choose."""
        entries = slot.available
        actions = [e.action for e in entries if e.action is not None]

        def go() -> None:
            if slot.group == "Equip":
                self._open_equip()
            elif len(actions) == 1:
                self.submit(actions[0])
            elif all(a.get("to") is not None for a in actions):
                self._notice(
                    _("{action}: click a glowing hex.").format(action=slot.label), T.ACCENT
                )
            elif all(a.kind == "attack" for a in actions):
                targets = {(a.number("of"), a.word("target")) for a in actions}
                if len(targets) == 1:
                    self._open_attack(targets.pop(), self.bar_rect.midtop)
                else:
                    self._notice(
                        _("{action}: click an enemy ringed in red.").format(action=slot.label),
                        T.ACCENT,
                    )
            else:
                rows = [(e.label, e.cost, self._submitter(e.action)) for e in entries if e.action]
                self._open_popup(Popup(slot.label, rows, self.bar_rect.midtop))

        return go

    def _notice(self, text: str, colour: tuple[int, int, int] | None = None) -> None:
        notice = getattr(self.host, "notice", None)
        if notice is not None:
            notice(text, colour or T.BAD)

    def _menu(self) -> None:
        """The rules' action menu for the bar: the activating (or previewed) hero's slots,
        else the greyed entries of the turn (Pass, Equip)."""
        self.menu_slots = []
        self.greyed = []
        idx = self.idx
        state = self.state
        if not idx.mine or state.pending or state.phase != "go":
            return
        ruleset = self.match.ruleset
        if state.active is not None:
            self.menu_slots = slots(ruleset.action_menu(state))
        elif idx.activate is not None and self._preview_cache[0] is not None:
            self.menu_slots = slots(self._preview_menu())
        else:
            menu = ruleset.action_menu(state)
            # a hero that may not activate says why on the board; Pass and Equip here
            self.greyed = [
                e for e in menu if not e.available and not e.label.startswith(self._activate_word())
            ]

    @staticmethod
    def _activate_word() -> str:
        """How the rules' greyed "Activate {hero}" entries begin, in the language spoken."""
        return _("Activate {hero}").partition("{")[0]

    def _submitter(self, action: Action) -> Callable[[], None]:
        def go() -> None:
            self.submit(action)

        return go

    def submit(self, action: Action) -> None:
        """Play ``action``; a previewed hero action first activates the hero."""
        self.popup = None
        self.shove_target = None
        idx = self.refresh()
        if action not in idx.legal and action not in idx.preview:
            return  # a stale button or card from before the last move: ignore it
        activate = idx.activate if action in idx.preview else None
        self.invalidate()
        if activate is not None:
            if not self.host.submit(activate):
                return
            if action not in self.match.legal_actions():
                return
        self.host.submit(action)
        self.invalidate()

    def _open_popup(self, popup: Popup) -> None:
        popup.layout(self.theme, self.rect)
        self.popup = popup

    def _open_equip(self, gear: str | None = None) -> None:
        c = content()
        rows = []
        tips = []
        for a in self.idx.equips:
            if gear is not None and a["gear"] != gear:
                continue
            h = self.state.heroes[self.state.priority][a["hero"]]
            cost = rules.gear_cost(self.state, h, a.word("gear"))
            old = _(" (replaces {gear})").format(gear=tr(c.gear[h.gear].name)) if h.gear else ""
            rows.append(
                (
                    _("{gear} on {hero}").format(
                        gear=tr(c.gear[a.word("gear")].name), hero=C.short_name(h.id)
                    )
                    + old,
                    _("{n} Loot").format(n=cost),
                    self._submitter(a),
                )
            )
            tips.append(C.gear_card_text(a.word("gear")))
        if rows:
            loot = self.state.players[self.state.priority].loot
            self._open_popup(
                Popup(
                    _("Equip Riot Gear"),
                    rows,
                    self.bar_rect.midtop,
                    _("You have {n} Loot").format(n=loot),
                    tips,
                )
            )
        elif gear is not None:
            self._refuse_gear(gear)

    def _refuse_gear(self, gear: str) -> None:
        """A click on a gear chip no hero may equip now: the rules' reason."""
        state = self.state
        if not self.idx.mine or state.pending and state.pending[-1].kind != "turn":
            return
        crew = state.heroes[state.priority]
        hero = state.active or next((h for h, x in crew.items() if x.place == "arena"), None)
        hero = hero or next(iter(crew), None)
        if hero is None:
            return
        reason = self.match.ruleset.refusal(state, Action.make("equip", hero=hero, gear=gear))
        if reason:
            self._notice(reason)

    def _open_attack(self, key: Key, anchor: tuple[int, int]) -> None:
        actions = self.idx.attacks.get(key, [])
        if not actions:
            return
        state = self.state
        target = state.heroes[key[0]][key[1]]
        rows: list[tuple[str, str, Callable[[], None] | None]] = []
        by_weapon: dict[str, list[Action]] = {}
        for a in actions:
            by_weapon.setdefault(a.word("weapon"), []).append(a)
        attacker = state.heroes[state.priority][actions[0]["hero"]]
        for weapon_id, group in by_weapon.items():
            w = rules.weapon(attacker, weapon_id)
            # every number comes from the rules: the dice they roll and the DEF they compare
            (_dice, boost, power), defence = rules.attack_pool(state, group[0])
            rows.append(
                (
                    _("{weapon}: +{boost} Boost, +{power} Power vs DEF {d1}/{d2}").format(
                        weapon=tr(w.name), boost=boost, power=power, d1=defence[0], d2=defence[1]
                    ),
                    "",
                    None,
                )
            )
            for a in sorted(group, key=lambda x: x["dice"]):
                (n, boost, power), defence = rules.attack_pool(state, a)
                odds = attack_odds(n, defence, boost, power)
                rows.append(
                    (
                        ngettext("{n} Action die", "{n} Action dice", n).format(n=n),
                        _("hit {hit}%  super {super}%").format(
                            hit=odds.hit_percent, super=odds.super_percent
                        ),
                        self._submitter(a),
                    )
                )
        title = _("Attack {hero} ({player})").format(
            hero=C.short_name(target.id), player=self.host.player_name(key[0])
        )
        self._open_popup(Popup(title, rows, anchor, _("Choose how many Action dice to spend")))

    # -- input ---------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int]) -> None:
        self.hover_pos = pos
        self.key_cell = None
        if self.painter is not None and self.painter.zoom.motion(pos):
            self._rezoomed()
        if self.popup is not None:
            self.popup.hover(pos)
            return
        for b, _cb in self.buttons:
            b.hover(pos)
        self.hover_cell = self.painter.at(pos) if self.painter is not None else None
        hero = self._hero_at(self.hover_cell)
        self.card_hero = hero
        self.hovered_hero = hero if hero is not None and hero in self.idx.activatable else None
        self.refresh()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.refresh()
        if self.anims.busy:
            self.fast_forward()
        if self._press_board(pos, button):
            return
        if button == 3:
            self._cancel()
            return
        if self.popup is not None:
            if not self.popup.click(pos):
                self.popup = None
            return
        for b, cb in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    cb()
                else:  # a greyed entry: the rules' reason
                    tip = self.button_tips.get(id(b), _("not possible now"))
                    self._notice(_("{action}: {reason}").format(action=b.label, reason=tip))
                return
        for rect, action in self.setup_rects:
            if action is not None and rect.collidepoint(pos) and self.idx.mine:
                self.submit(action)
                return
        for rect, gear in self.hand_rects:
            if rect.collidepoint(pos):
                self._open_equip(gear)
                return
        for rect, i in self.log_rects:
            if rect.collidepoint(pos):
                self.show_roll(i, replay=True)
                return
        if self.painter is None or not self.painter.rect.collidepoint(pos):
            return
        cell = self.painter.at(pos)
        self._click_cell(cell, pos)
        self.refresh()

    # -- zoom and pan (riotsim.ui.views.zoom) -------------------------------------------------
    def _press_board(self, pos: tuple[int, int], button: int) -> bool:
        """A middle press over the board starts a drag; so does a right press once zoomed in
        (it cancels on release if unmoved). True: the press is taken."""
        if self.painter is None or self.popup is not None:
            return False
        zoom = self.painter.zoom
        if button == 3 and not zoom.zoomed:
            return False
        return zoom.press(pos, button) or (button == 3 and zoom.holding == 3)

    def release(self, pos: tuple[int, int], button: int = 1) -> None:
        if self.painter is None:
            return
        zoom = self.painter.zoom
        held = zoom.holding
        if not zoom.release() and held == 3 and button == 3:
            self._cancel()  # a right click, not a drag

    def _on_setup_screen(self) -> bool:
        """Whether a set-up choice covers the arena (the board, if chosen, is hidden)."""
        frame = self.refresh().frame
        return self.painter is None or (frame is not None and frame.kind in SETUP_KINDS)

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        if self._on_setup_screen() and self.arena_rect.collidepoint(pos):
            # a set-up grid taller than its panel (over the chosen arena: no zoom under it)
            return self.scroll_setup(dy)
        if self.painter is None or self.popup is not None:
            return False
        if not self.painter.zoom.wheel(pos, dy):
            return False
        self._rezoomed()
        return True

    def _rezoomed(self) -> None:
        """The zoom or pan changed: place the map again and pick what is under the pointer."""
        if self.painter is None:
            return
        self.painter.fit(self.arena_rect)
        self.hover_cell = self.painter.at(self.hover_pos)
        self._hl_key = None

    def _click_cell(self, cell: Cell | None, pos: tuple[int, int]) -> None:
        idx = self.idx
        if cell is None:
            return
        if not idx.mine:
            return
        hero = self._hero_at(cell)
        if cell in idx.hexes:
            actions = idx.hexes[cell]
            if len(actions) == 1:
                self.submit(actions[0])
            else:
                rows = [(self.match.describe(a), "", self._submitter(a)) for a in actions]
                self._open_popup(Popup("Choose", rows, pos))
            return
        if hero is not None and hero in idx.attacks:
            self._open_attack(hero, pos)
            return
        if hero is not None and hero in idx.shoves:
            self.shove_target = hero
            self.invalidate()
            return
        if hero is not None and hero in idx.targets:
            actions = idx.targets[hero]
            if len(actions) == 1:
                self.submit(actions[0])
            else:
                rows = [(self.match.describe(a), "", self._submitter(a)) for a in actions]
                self._open_popup(Popup("Choose", rows, pos))
            return
        if hero is not None and hero in idx.activatable:
            self.selected = None if self.selected == hero else hero
            self.shove_target = None
            self.invalidate()
            return
        if self._refuse(self._meant(cell, hero)):
            return
        self.selected = None
        self.shove_target = None
        self.invalidate()

    def _meant(self, cell: Cell, hero: Key | None) -> Action | None:
        """The action a click where no legal action is meant: run there, attack that enemy,
        raid that Chest, activate that hero (None when it meant nothing)."""
        idx = self.idx
        state = self.state
        seat = idx.seat
        frame = state.pending[-1] if state.pending else None
        if frame is not None and frame.kind == "place" and hero is None:
            return Action.make("place", hero=frame.data["hero"], to=cell)
        if frame is not None and frame.kind in ("beatback", "press") and hero is None:
            return Action.make(frame.kind, to=cell)
        if state.pending or state.phase != "go" or seat is None:
            return None
        focus = idx.focus if state.active is not None or self.selected is not None else None
        if hero is not None and hero[0] == seat:
            if state.active is None and hero not in idx.activatable:
                return Action.make("activate", hero=hero[1])
            return None
        if focus is None:
            return None
        me = state.heroes[seat][focus[1]]
        if hero is not None:
            weapons = profile(me.id, me.gear).weapons
            w = max(weapons, key=lambda x: x.rng)
            return Action.make(
                "attack", hero=me.id, weapon=w.id, target=hero[1], of=hero[0], dice=1
            )
        if cell == state.chest_pos:
            return Action.make("raid", hero=me.id)
        return Action.make("run", hero=me.id, to=cell)

    def _refuse(self, action: Action | None) -> bool:
        """Show why the rules refuse ``action``; True when they did."""
        if action is None:
            return False
        reason = self.match.ruleset.refusal(self.state, action)
        if not reason:
            return False
        self._notice(reason)
        return True

    def _cancel(self) -> None:
        self.popup = None
        self.shove_target = None
        self.selected = None
        self.invalidate()

    def key(self, key: str) -> bool:
        self.refresh()
        if key in ("escape", "backspace"):  # the game scene keeps Escape for its menu
            if self.popup is not None or self.selected is not None or self.shove_target:
                self._cancel()
                return True
            return False
        if self.popup is not None and key.isdigit():
            return self.popup.pick(int(key))
        if self.painter is not None and self.popup is None and self.painter.zoom.key(key):
            self._rezoomed()
            return True
        if key == "tab" and self.ring.shown and self.ring.group == "pieces":
            group = self._hero_group()  # Tab steps through the heroes, then on
            keys = [t.key for t in group.targets]
            if self.ring.key in keys[:-1]:
                self.ring.focus(group, group.targets[keys.index(self.ring.key) + 1])
                return True
        on_board = self.ring.group in (None, "pieces", "cells") or not self.ring.shown
        if key in ARROWS and self.painter is not None and self.popup is None and on_board:
            self._move_cursor(ARROWS[key])
            self._focus_cursor()
            return True
        cursor = not self.ring.shown or self.ring.group == "cells"
        if key == "space" and self.key_cell is not None and self.painter is not None and cursor:
            x, y = self.painter.to_screen(self.key_cell)
            self.click((round(x), round(y)))
            return True
        if self.focus_key(key):
            return True
        if key in ("return", "enter"):
            for b, cb in self.buttons:
                if b.primary:
                    cb()
                    return True
        return False

    # -- keyboard play (riotsim.ui.views.keyfocus) ----------------------------------------
    def focus_groups(self) -> list[Group]:
        """An open choice alone; else the heroes that can activate (the ring selects them),
        the arena's hexes (the cursor), the cards, the buttons and the log's lines."""
        if self.popup is not None:
            rows = getattr(self.popup, "row_rects", [])
            choice = [Target(("row", i), pygame.Rect(r)) for i, r in enumerate(rows)]
            return [Group("choice", choice)]
        self._ensure_painter()
        groups = []
        if self.painter is not None and not self._on_setup_screen():
            groups += [self._hero_group(), self._cell_group()]
        cards = [Target(("gear", g), pygame.Rect(r)) for r, g in self.hand_rects]
        full = self.setup_full if len(self.setup_full) == len(self.setup_rects) else []
        cards += [
            Target(
                ("setup", i),
                pygame.Rect(full[i] if full else r),
                on_focus=partial(self.show_setup_card, i),
            )
            for i, (r, a) in enumerate(self.setup_rects)
            if a is not None
        ]
        buttons = [Target(("button", b.label), pygame.Rect(b.rect)) for b, _cb in self.buttons]
        log = [Target(("log", n), pygame.Rect(r)) for n, (r, _i) in enumerate(self.log_rects)]
        return groups + [Group("cards", cards), Group("buttons", buttons), Group("log", log)]

    def _hero_group(self) -> Group:
        painter = self.arena_painter

        def hero(key: Key) -> Target | None:
            h = self.state.heroes[key[0]].get(key[1])
            if h is None or h.pos is None:
                return None
            return Target(("hero", key), painter.polygon(h.pos), on_focus=lambda: self._select(key))

        found = [hero(k) for k in sorted(self.idx.activatable)]
        return Group("pieces", [t for t in found if t is not None])

    def _select(self, key: Key) -> None:
        self.selected = key  # as a click on a hero that can activate picks it
        self.key_cell = None
        self.invalidate()

    def _cell_group(self) -> Group:
        painter = self.arena_painter
        cells = list(self.state.arena.nbrs)
        start = self.key_cell
        if start is None and self.idx.focus is not None:
            h = self.state.heroes[self.idx.focus[0]].get(self.idx.focus[1])
            start = h.pos if h is not None else None
        if start in cells:
            cells.remove(start)
            cells.insert(0, start)

        def target(cell: Cell) -> Target:
            focus = lambda: self._cursor(cell)  # noqa: E731
            return Target(("cell", cell), painter.polygon(cell), on_focus=focus)

        return Group("cells", [target(c) for c in cells])

    def _cursor(self, cell: Cell) -> None:
        """The hex cursor onto ``cell`` (the ring came there by Tab)."""
        if self.key_cell == cell:
            return
        x, y = self.arena_painter.to_screen(cell)
        self.hover((round(x), round(y)))
        self.key_cell = cell  # hover() clears it for mouse moves

    def _focus_cursor(self) -> None:
        """The ring follows the hex cursor the arrows moved."""
        if self.key_cell is None:
            return
        group = self._cell_group()
        target = group.find(("cell", self.key_cell))
        if target is not None:
            self.ring.focus(group, target)

    def _move_cursor(self, direction: tuple[float, float]) -> None:
        """Keyboard play: step a hex cursor to the neighbour lying most in ``direction``."""
        arena = self.state.arena
        start = self.key_cell or self.hover_cell
        if start is None:
            focus = self.idx.focus
            h = self.state.heroes[focus[0]].get(focus[1]) if focus is not None else None
            start = h.pos if h is not None and h.pos is not None else arena.centre
            best = start
        else:
            x0, y0 = self.arena_painter.to_screen(start)
            best, score = start, 0.3  # at most about 70 degrees off the arrow's direction
            for n in arena.nbrs.get(start, ()):
                x, y = self.arena_painter.to_screen(n)
                dx, dy = x - x0, y - y0
                length = (dx * dx + dy * dy) ** 0.5 or 1.0
                dot = (dx * direction[0] + dy * direction[1]) / length
                if dot > score + 1e-9:
                    best, score = n, dot
        self.key_cell = best
        painter = self.arena_painter
        if painter.zoom.zoomed:  # zoomed in, the board pans to keep the cursor in view
            painter.zoom.show(painter.to_screen(best), painter.hex_size)
            self._rezoomed()
        x, y = painter.to_screen(best)
        self.hover((round(x), round(y)))
        self.key_cell = best  # hover() clears it for mouse moves

    def _hero_at(self, cell: Cell | None) -> Key | None:
        if cell is None:
            return None
        who = self.state.occ.get(cell)
        return (who[0], who[1]) if who is not None else None

    # -- events -> animations ------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        self._forget_choices()
        self._ensure_painter()
        if self.painter is None:
            self._snapshot_positions()
            return
        centre = (self.painter.rect.centerx, self.painter.rect.top + self.painter.rect.h * 0.3)
        play_effects(self, events, dict(self.positions), centre, self.theme.px(46))
        marks = change_marks(self, events, dict(self.positions))
        if marks:
            self.marks.show(marks)
        self._snapshot_positions()
        self.show_roll(len(self.match.log) - 1)

    def seen_crew(self, seat: int) -> dict[str, Any]:
        """``seat``'s crew as the viewer may see it: the rules' view hides crews still being
        built (see ``RiotQuest.view``)."""
        state = self.state
        if seat >= len(state.heroes):
            return {}
        if not crews_secret(state) or seat == self.viewer:
            return state.heroes[seat]
        key = (len(self.match.log), id(state), self.viewer)
        if self._seen[0] != key:
            viewer = self.viewer if self.viewer is not None else -1
            self._seen = (key, self.match.ruleset.view(state, viewer))
        return self._seen[1].heroes[seat]

    # -- the dice tray -------------------------------------------------------------------------
    def show_roll(self, i: int, replay: bool = False) -> bool:
        """Put action ``i``'s dice in the tray (after each action, or replayed from the log);
        an action that rolled nothing empties it. True when there were dice."""
        match = self.match
        if not 0 <= i < len(match.history):
            self.tray.clear()
            return False
        over = self.state.phase == "over"
        events = [e for e in match.history[i] if over or e.visible_to(self.viewer)]
        names = [self.host.player_name(s) for s in range(self.state.seats)]
        labels = getattr(self.host, "labels", None)
        title = action_text(match, i, self.viewer, names, reveal_all=over, labels=labels)
        roll = roll_of(
            events, roll_verdict, _("Replay: {action}").format(action=title) if replay else title
        )
        self.tray.show(roll)
        self.tray_hero = next(
            (
                (e.data["player"], e.data["hero"])
                for e in events
                if isinstance(e.data.get("hero"), str) and isinstance(e.data.get("player"), int)
            ),
            None,
        )
        return roll is not None

    def _draw_tray(self, surface: pygame.Surface) -> None:
        if self.tray.roll is None or self.anims.busy or self.painter is None:
            return
        if self.tray.rect.collidepoint(self.hover_pos):
            return  # the pointer looks under it: the board shows (it comes back on leaving)
        anchor = pygame.Rect(self.arena_rect.centerx, self.arena_rect.top + self.theme.px(8), 0, 0)
        if self.tray_hero is not None:
            h = self.state.heroes[self.tray_hero[0]].get(self.tray_hero[1])
            pos = self._pos(h.pos) if h is not None and h.place == "arena" else None
            if pos is not None:
                size = int(self.painter.hex_size)
                anchor = pygame.Rect(0, 0, size, size)
                anchor.center = (round(pos[0]), round(pos[1]))
        self.tray.draw(surface, self.theme, anchor, self.arena_rect)

    def _forget_choices(self) -> None:
        """After a move: caches, pop-ups and a selection the move made stale are dropped."""
        self.invalidate()
        self.setup_rects = []
        self.setup_full = []
        self.hand_rects = []
        self._side_key = None
        self.popup = None
        self.shove_target = None
        if self.selected is not None:
            seat, hero = self.selected
            h = self.state.heroes[seat].get(hero) if seat < len(self.state.heroes) else None
            # a hero that left the arena, or a turn that passed, ends the selection
            if h is None or h.place != "arena" or self.match.to_move() != seat:
                self.selected = None

    def on_undo(self) -> None:
        """A move was taken back: forget selections, pop-ups and anything cached from it."""
        self._cancel()
        self.anims.finish()
        self._log_cache.clear()
        self._side_key = None
        self._snapshot_positions()
        self.tray.clear()

    def _pos(self, cell: Cell | None) -> tuple[float, float] | None:
        if cell is None or self.painter is None:
            return None
        return self.painter.to_screen(cell)

    def _seat_anchor(self, seat: int | None) -> tuple[float, float] | None:
        if seat is None or self.painter is None:
            return None
        return (self.painter.rect.centerx, self.painter.rect.top + self.painter.rect.h * 0.15)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        idx = self.refresh()
        frame = idx.frame
        if frame is not None and frame.kind in SETUP_KINDS:
            self._draw_setup_cached(surface, frame)
        else:
            self.setup_rects = []
            clip = surface.get_clip()
            surface.set_clip(self.arena_rect.clip(clip))  # a zoomed map stays in its panel
            self._draw_arena(surface)
            surface.set_clip(clip)
        if frame is None or frame.kind not in SETUP_KINDS:
            self._draw_tray(surface)
        self._draw_bar(surface)
        self._draw_side(surface)
        self._draw_anims(surface)
        if self.popup is not None:
            self.popup.draw(surface, self.theme)
        self._draw_tooltip(surface)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.marks.update(dt, held=self.anims.busy)

    def _draw_anims(self, surface: pygame.Surface) -> None:
        if self.painter is None or not self.painter.zoom.zoomed:
            self.anims.draw(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.arena_rect.clip(clip))  # gliding pieces stay on the board
        self.anims.draw(surface)
        surface.set_clip(clip)

    def tooltip(self) -> str:
        """The whole text under the pointer ('' when none): see :meth:`tip_at`."""
        found = self.tip_at()
        return found[2] if found is not None else ""

    def tip_at(self) -> tuple[pygame.Rect, str, str] | None:
        """(anchor, title, text) of what the pointer is over: a bar button (its cost, or why
        it is greyed), a row of a pop-up (the gear card), a side-panel card or gear chip, or a
        hero or Riot Gear card of a set-up choice (small windows cut their text)."""
        pos = self.hover_pos
        if self.popup is not None:
            hot = self.popup.hot_tip()
            return (hot[0], "", hot[1]) if hot is not None else None
        for b, _cb in self.buttons:
            if b.rect.collidepoint(pos) and id(b) in self.button_tips:
                return b.rect, b.label, self.button_tips[id(b)]
        for r, text in self.card_tips:
            if r.collidepoint(pos):
                return r, "", text
        for r, gear in self.hand_rects:
            if r.collidepoint(pos):
                return r, "", C.gear_card_text(gear)
        for r, action in self.setup_rects:
            if action is None or not r.collidepoint(pos):
                continue
            if action.kind in ("pick", "ban"):
                return r, "", C.hero_card_text(action.word("hero"))
            if action.kind == "gear":
                return r, "", C.gear_card_text(action.word("gear"))
        return self._board_tip()

    def _board_tip(self) -> tuple[pygame.Rect, str, str] | None:
        """The card of the Chest or of a Bounty token on the hex under the pointer."""
        state = self.state
        cell = self.hover_cell
        if (
            self.painter is None
            or cell is None
            or not self.painter.rect.collidepoint(self.hover_pos)
        ):
            return None
        text = ""
        if cell == state.chest_pos and state.chest is not None:
            text = C.chest_card_text(state.chest)
        else:
            card = next((c for c, tok in state.tokens.items() if tok.pos == cell), None)
            text = C.bounty_card_text(card) if card is not None else ""
        if not text:
            return None
        points = self.painter.polygon(cell)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        anchor = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        return anchor, "", text

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        found = self.tip_at()
        if found is None:
            return
        anchor, title, text = found
        draw_tooltip(surface, self.theme, anchor, text, bounds=self.rect, title=title, size=13)

    def _draw_setup_cached(self, surface: pygame.Surface, frame: Any) -> None:
        """The set-up screen, re-rendered only when the decision or the hovered card changes."""
        hot = next(
            (
                i
                for i, (r, a) in enumerate(self.setup_rects)
                if a and r.collidepoint(self.hover_pos)
            ),
            -1,
        )
        key = (
            len(self.match.log),
            id(self.state),
            self.viewer,
            self.idx.mine,
            hot,
            tuple(self.arena_rect),
            self.setup_scroll,
        )
        if key != self._setup_key or self._setup_cache is None:
            real, pos = self.arena_rect, self.hover_pos
            panel = _display_surface(real.size)
            self.arena_rect = pygame.Rect((0, 0), real.size)
            self.hover_pos = (pos[0] - real.left, pos[1] - real.top)
            try:
                self._draw_setup(panel, frame)
            finally:
                self.arena_rect, self.hover_pos = real, pos
            self.setup_rects = [(r.move(real.topleft), a) for r, a in self.setup_rects]
            self.setup_full = [r.move(real.topleft) for r in self.setup_full]
            self.setup_view = self.setup_view.move(real.topleft)
            self._setup_cache = panel
            self._setup_key = key
        surface.blit(self._setup_cache, self.arena_rect.topleft)

    def draw_hero_token(
        self,
        surface: pygame.Surface,
        key: Key,
        pos: tuple[float, float],
        scale: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        if self.painter is None:
            return
        seat, hero_id = key
        size = max(10, round(self.painter.hex_size * 0.86))
        h = self.state.heroes[seat].get(hero_id)
        spent = h is not None and h.dice > 0 and h.place == "arena"
        img = A.hero_token(
            self.host.seat_shape(seat),
            tuple(self.host.seat_colour(seat)[:3]),
            C.hero_class(hero_id),
            size,
            spent,
        )
        if scale != 1.0:  # growing or shrinking tokens: scale the cached picture
            side = max(2, round(size * scale))
            img = pygame.transform.smoothscale(img, (side, side))
        if alpha < 1:
            img = img.copy()
            img.set_alpha(max(0, int(255 * alpha)))
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _animated_keys(self) -> dict[Key, Any]:
        """Heroes with a piece animation queued, mapped to the first one."""
        out: dict[Key, Any] = {}
        for step in self.anims.steps:
            for anim in step:
                key = getattr(anim, "key", None)
                if isinstance(anim, RA.PieceAnim) and key is not None and key not in out:
                    out[key] = anim
        return out

    def _draw_arena(self, surface: pygame.Surface) -> None:
        painter = self.painter
        if painter is None:
            D.text(
                surface,
                _("Setting up..."),
                self.theme.fonts.title(26),
                T.TEXT_DIM,
                self.arena_rect.center,
                "center",
            )
            return
        th = self.theme
        state = self.state
        painter.draw(surface)
        hs = painter.hex_size
        arena = state.arena
        # gate and beacon numbers
        badge_font = th.fonts.get(max(9, hs * 0.26 / th.scale), "Bold")
        for colour, table in ((A.WHITE, arena.gates), (A.DARK, arena.beacons)):
            fill = (40, 110, 210) if table is arena.gates else (242, 190, 64)
            for n, cell in table.items():
                x, y = painter.to_screen(cell)
                r = hs * 0.17
                bx, by = x + hs * 0.26, y - hs * 0.26
                D.aa_circle(surface, A.DARK, (bx, by), r + 1.5)
                D.aa_circle(surface, fill, (bx, by), r)
                D.text(surface, str(n), badge_font, colour, (round(bx), round(by)), "center")
        # highlights under the pieces, and what the latest move changed
        self._draw_highlights(surface)
        self.marks.draw(surface, max(2, round(hs / 16)))
        # loot, bounty tokens, chest
        loot_size = max(8, round(hs * 0.36))
        for cell, n in state.loot_tokens.items():
            x, y = painter.to_screen(cell)
            img = A.loot_token(loot_size)
            pos = (x - hs * 0.22, y + hs * 0.2)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
            if n > 1:
                D.text(
                    surface,
                    f"x{n}",
                    th.fonts.get(11, "Bold"),
                    A.LOOT_GOLD,
                    (round(pos[0] + loot_size * 0.5), round(pos[1])),
                    "midleft",
                )
        tok_size = max(8, round(hs * 0.4))
        for tok in state.tokens.values():
            if tok.pos is None:
                continue
            x, y = painter.to_screen(tok.pos)
            img = A.bounty_token(tok.kind, tok_size)
            surface.blit(img, img.get_rect(center=(round(x + hs * 0.2), round(y + hs * 0.2))))
        chest_busy = any(isinstance(a, RA.ChestDrop) for step in self.anims.steps for a in step)
        if state.chest is not None and state.chest_pos is not None and not chest_busy:
            cls = content().chests[state.chest].class_.value
            img = A.chest_token(cls, max(8, round(hs * 0.62)))
            x, y = painter.to_screen(state.chest_pos)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        # heroes
        moving = self._animated_keys()
        active_steps = {id(a) for a in self.anims.active}
        for crew in state.heroes:
            for h in crew.values():
                key = (h.seat, h.id)
                if key in moving or h.place != "arena" or h.pos is None:
                    continue
                self._draw_hero(surface, h, painter.to_screen(h.pos))
        for key, anim in moving.items():
            if id(anim) in active_steps:
                continue
            start = anim.start_cell()
            if start is not None:
                self.draw_hero_token(surface, key, painter.to_screen(start))
        self._draw_reticles(surface)
        self._draw_name_tag(surface)
        self._draw_place_label(surface)
        draw_badge(surface, th, painter.zoom)
        if self.key_cell is not None:
            pts = painter.polygon(self.key_cell, 0.02)
            pygame.draw.polygon(surface, A.DARK, pts, max(3, round(painter.hex_size / 12)))
            pygame.draw.polygon(surface, (255, 255, 255), pts, max(2, round(painter.hex_size / 18)))

    def place_label(self) -> str:
        """The hex under the pointer (or keyboard cursor) named as the log names places."""
        cell = self.key_cell or self.hover_cell
        arena = self.state.arena
        if cell is None or arena is None or cell not in arena.terrain:
            return ""
        name = place_name(arena, cell)
        label = hex_label(cell)
        if place_kind(arena, cell)[0] == "hex":
            return _("hex {label}").format(label=label)
        return _("hex {label}: {name}").format(label=label, name=name)

    def _draw_place_label(self, surface: pygame.Surface) -> None:
        """Bottom-left of the arena: the name the log would give the hovered hex."""
        text = self.place_label()
        if not text or self.popup is not None:
            return
        th = self.theme
        font = th.fonts.get(12, "Medium")
        img = font.render(text, True, T.TEXT)
        box = img.get_rect().inflate(th.px(12), th.px(6))
        box.bottomleft = (self.arena_rect.left + th.px(6), self.arena_rect.bottom - th.px(6))
        D.rounded_rect(surface, box, (14, 17, 24, 215), th.px(5), T.LINE, 1)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_name_tag(self, surface: pygame.Surface) -> None:
        """The name of the hero under the cursor, above its token."""
        if self.card_hero is None or self.popup is not None:
            return
        seat, hero = self.card_hero
        h = self.state.heroes[seat].get(hero) if seat < len(self.state.heroes) else None
        if h is None or h.pos is None or h.place != "arena":
            return
        th = self.theme
        painter = self.arena_painter
        x, y = painter.to_screen(h.pos)
        font = th.fonts.get(12, "Bold")
        text = f"{C.short_name(hero)} ({self.host.player_name(seat)})"
        img = font.render(text, True, T.TEXT)
        rect = img.get_rect(midbottom=(round(x), round(y - painter.hex_size * 0.52)))
        back = rect.inflate(th.px(10), th.px(4)).clamp(painter.rect)
        D.rounded_rect(surface, back, (14, 17, 24, 225), th.px(5), self.host.seat_colour(seat), 1)
        surface.blit(img, img.get_rect(center=back.center))

    def _draw_reticles(self, surface: pygame.Surface) -> None:
        """Corner brackets over enemies in range: attack targets differ by shape, not only by
        their red glow (colour-blind players)."""
        hs = self.arena_painter.hex_size
        arm = hs * 0.16
        reach = hs * 0.46
        width = max(2, round(hs / 20))
        for seat, hero in self.idx.attacks:
            h = self.state.heroes[seat].get(hero)
            if h is None or h.pos is None:
                continue
            cx, cy = self.arena_painter.to_screen(h.pos)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                corner = (cx + sx * reach, cy + sy * reach)
                for colour, w in ((A.DARK, width + 2), ((255, 255, 255), width)):
                    pygame.draw.lines(
                        surface,
                        colour,
                        False,
                        [
                            (corner[0], corner[1] - sy * arm),
                            corner,
                            (corner[0] - sx * arm, corner[1]),
                        ],
                        w,
                    )

    def _draw_hero(self, surface: pygame.Surface, h: Any, pos: tuple[float, float]) -> None:
        painter = self.arena_painter
        hs = painter.hex_size
        key = (h.seat, h.id)
        state = self.state
        is_active = state.active == h.id and state.priority == h.seat
        if is_active or key == self.idx.focus:
            colour = T.ACCENT if is_active else FOCUS_COLOUR
            D.aa_circle(surface, colour, pos, hs * 0.49, 0)
            if is_active:  # the activating hero: a ring outside its disc, not only a hue
                D.aa_circle(surface, T.ACCENT, pos, hs * 0.58, max(2, round(hs / 20)))
        elif key in self.idx.activatable and self.idx.mine:
            pygame.draw.circle(surface, (255, 255, 255), pos, hs * 0.48, max(1, round(hs / 28)))
        self.draw_hero_token(surface, key, pos)
        prof = profile(h.id, h.gear)
        A.damage_pips(surface, (pos[0], pos[1] + hs * 0.45), h.damage, prof.sta, max(4, hs * 0.1))
        if h.token is not None:
            tok = state.tokens.get(h.token)
            if tok is not None:
                img = A.bounty_token(tok.kind, max(8, round(hs * 0.32)))
                surface.blit(
                    img, img.get_rect(center=(round(pos[0] + hs * 0.34), round(pos[1] - hs * 0.32)))
                )
        if h.gear is not None:
            D.aa_circle(surface, A.DARK, (pos[0] - hs * 0.34, pos[1] - hs * 0.32), hs * 0.11 + 1)
            D.aa_circle(surface, A.LOOT_GOLD, (pos[0] - hs * 0.34, pos[1] - hs * 0.32), hs * 0.11)
        if h.dice:
            r = pygame.Rect(0, 0, round(hs * 0.26), round(hs * 0.26))
            r.center = (round(pos[0] + hs * 0.34), round(pos[1] + hs * 0.3))
            D.rounded_rect(surface, r, C.ACTION, max(2, r.w // 4), A.DARK, 1)
            D.text(
                surface,
                str(h.dice),
                self.theme.fonts.get(max(8, hs * 0.2 / self.theme.scale), "Bold"),
                A.DARK,
                r.center,
                "center",
            )

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        painter = self.arena_painter
        key = (self._key, self.hover_cell, tuple(painter.rect), painter.origin, painter.scale)
        if key != self._hl_key:
            self._hl_key = key
            self._hl_layer = self._render_highlights()
        if self._hl_layer is not None:
            surface.blit(self._hl_layer, painter.rect.topleft)

    def _render_highlights(self) -> pygame.Surface | None:
        """Glowing hexes, the run path under the cursor and target rings, in one layer."""
        real = self.arena_painter
        idx = self.idx
        state = self.state
        if not (idx.hexes or idx.attacks or idx.shoves or idx.targets):
            return None
        layer = _display_surface(real.rect.size)
        ox, oy = real.rect.topleft

        class _Shifted:  # draw in layer coordinates
            @staticmethod
            def polygon(cell, shrink=0.0):
                return [(x - ox, y - oy) for x, y in real.polygon(cell, shrink)]

            @staticmethod
            def to_screen(cell):
                x, y = real.to_screen(cell)
                return x - ox, y - oy

        painter = _Shifted  # the drawing below is in the layer's coordinates
        lw = max(2, round(real.hex_size / 22))
        hover = self.hover_cell
        for cell, actions in idx.hexes.items():
            kinds = {a.kind for a in actions}
            # each kind has its sign too (a run's dot, a special's star, a placing's cross)
            if "run" in kinds:
                colour, sign = MOVE_COLOUR, "dot"
            elif "special" in kinds:
                colour, sign = SPECIAL_COLOUR, "star"
            else:
                colour, sign = PLACE_COLOUR, "plus"
            pts = painter.polygon(cell, 0.08)
            alpha = 170 if cell == hover else 120  # (readable with any colour vision)
            pygame.draw.polygon(layer, (*colour, alpha), pts)
            pygame.draw.polygon(layer, (*colour, 230), pts, lw)
            at = painter.to_screen(cell)
            D.sign(layer, sign, (at[0], at[1] - real.hex_size * 0.5), real.hex_size * 0.12, colour)
        # the path a run would take, under the cursor
        if hover in idx.hexes and idx.focus is not None:
            run = next((a for a in idx.hexes[hover] if a.kind == "run"), None)
            if run is not None:
                h = state.heroes[idx.focus[0]][idx.focus[1]]
                path = rules.move_path(state, h, hover, profile(h.id, h.gear).spd)
                if path and len(path) > 1:
                    pts = [painter.to_screen(c) for c in path]
                    pygame.draw.lines(layer, (255, 255, 255, 220), False, pts, lw + 1)
                    for p in pts[1:]:
                        pygame.draw.circle(layer, (255, 255, 255, 230), p, lw + 1)
        for table, colour in (
            (idx.attacks, ATTACK_COLOUR),
            (idx.shoves, (230, 159, 0)),
            (idx.targets, CHOICE_COLOUR),
        ):
            for key in table:
                h = state.heroes[key[0]].get(key[1])
                if h is None or h.pos is None:
                    continue
                pts = painter.polygon(h.pos, 0.04)
                alpha = 120 if h.pos == hover else 45
                pygame.draw.polygon(layer, (*colour, alpha), pts)
                if table is idx.targets:  # a choice's outline is dashed (attacks: reticles)
                    D.dashed_lines(layer, (*colour, 255), pts, lw + 1, real.hex_size * 0.18)
                else:
                    pygame.draw.polygon(layer, (*colour, 255), pts, lw + 1)
                if table is idx.shoves:  # a shove's sign: the way it pushes
                    at = painter.to_screen(h.pos)
                    top = (at[0], at[1] - real.hex_size * 0.5)
                    D.sign(layer, "chevron", top, real.hex_size * 0.12, colour)
        if self.shove_target is not None:
            h = state.heroes[self.shove_target[0]].get(self.shove_target[1])
            if h is not None and h.pos is not None:
                pygame.draw.polygon(layer, (230, 159, 0, 255), painter.polygon(h.pos), lw + 2)
        return layer

    # -- bottom bar ----------------------------------------------------------------------------
    def prompt(self) -> str:
        idx = self.idx
        state = self.state
        if state.phase == "over":
            return _("Game over.")
        frame = idx.frame
        if not idx.mine:
            return self.waiting_text()
        if frame is not None and frame.kind in SETUP_KINDS:
            hovered = next(
                (
                    a
                    for r, a in self.setup_rects
                    if a is not None and r.collidepoint(self.hover_pos)
                ),
                None,
            )
            if hovered is not None and frame.kind == "gear":  # the whole card text
                g = content().gear[hovered.word("gear")]
                return _("{name} ({cost} Loot): {text}").format(
                    name=tr(g.name), cost=g.cost, text=tr(g.text)
                )
            if hovered is not None and frame.kind in ("crew", "ban"):
                h = content().heroes[hovered.word("hero")]
                return f"{tr(h.name)}: {tr(h.text)}"
            setup_texts = {
                "crew": _("Click heroes to add them to your crew, then Done."),
                "ban": _("Click a hero to ban it."),
                "gear": _("Click Riot Gear cards to take them into your hand."),
                "arena": _("Click the arena to play on."),
                "classes": _("Click a pair of classes."),
            }
            return setup_texts.get(frame.kind, _("Click a deck to choose it."))
        if frame is not None:
            d = frame.data
            hero = C.short_name(d["hero"]) if d.get("hero") else ""
            texts = {
                "turn": _(
                    "Your turn: take it (new Bounties, Chests and spawns come first), or Pass."
                ),
                "spawn": _("Choose a hero from your Bench to spawn."),
                "place": _("Place {hero} on a glowing hex next to its gate.").format(hero=hero),
                "beatback": _("Beatback: move the enemy to a glowing hex, or Skip."),
                "press": _("Press: step to a glowing hex, or Skip."),
                "order": _("Choose which ability resolves first."),
                "heal": _("Choose a hero to heal."),
                "refund": _("Choose a hero to take a spent die back from."),
                "evacuate": _("Evacuate an undamaged hero on or next to the centre, or Skip."),
                "release": _("Choose a hero to leave the Cooler, or Skip to keep it there."),
                "recover": _("Choose a Riot Gear card to take back."),
            }
            return texts.get(frame.kind, self.match.describe(idx.legal[0]) if idx.legal else "")
        if state.active is not None:
            hero = C.short_name(state.active)
            return _("{hero} is activating: pick an action, then End activation.").format(hero=hero)
        if state.forced_pass:
            return _("No hero can activate: equip gear if you like, then Pass.")
        if idx.focus is not None:
            return _("{hero}: click a glowing hex or a target (or arrows, Space).").format(
                hero=C.short_name(idx.focus[1])
            )
        return _("Select a hero to activate (click it, or Tab), or Pass.")

    def _draw_bar(self, surface: pygame.Surface) -> None:
        th = self.theme
        bar = self.bar_rect
        D.rounded_rect(surface, bar, (*T.PANEL, 230), th.px(10), T.LINE, 1)
        left = bar.left + th.px(14)
        right = min((b.rect.left for b, _ in self.buttons), default=bar.right) - th.px(10)
        seat = self.idx.seat
        if seat is not None:
            D.seat_marker(
                surface,
                self.host.seat_shape(seat),
                self.host.seat_colour(seat),
                (left + th.px(8), bar.centery),
                th.px(8),
            )
            left += th.px(24)
        font = th.fonts.get(14)
        prompt = self.prompt()
        if self.menu_slots and right - left < th.px(180):  # the bar's buttons say the rest
            prompt = C.short_name(self.idx.focus[1]) if self.idx.focus else ""
            font = th.fonts.get(14, "Bold")
        lines = D.wrap(prompt, font, max(10, right - left))
        y = bar.centery - (len(lines[:2]) * font.get_linesize()) // 2
        for line in lines[:2]:
            D.text(surface, line, font, T.TEXT, (left, y))
            y += font.get_linesize()
        for b, _cb in self.buttons:
            b.draw(surface, th)

    # -- side panels ---------------------------------------------------------------------------
    def _draw_side(self, surface: pygame.Surface) -> None:
        """The side column, re-rendered only when what it shows can have changed."""
        hot = next((g for r, g in self.hand_rects if r.collidepoint(self.hover_pos)), None)
        key = (
            len(self.match.log),
            id(self.state),
            self.viewer,
            self.idx.focus,
            self.card_hero,
            self.idx.seat,
            frozenset(a["gear"] for a in self.idx.equips),
            hot,
            tuple(self.side_rect),
        )
        if key != self._side_key or self._side_cache is None:
            self._side_key = key
            real = self.side_rect
            panel = _display_surface(real.size)
            self.side_rect = pygame.Rect((0, 0), real.size)
            self.side_origin = real.topleft
            try:
                self._render_side(panel)
            finally:
                self.side_rect = real
            self.hand_rects = [(r.move(real.topleft), g) for r, g in self.hand_rects]
            self.card_tips = [(r.move(real.topleft), t) for r, t in self.card_tips]
            self.log_rects = [(r.move(real.topleft), i) for r, i in self.log_rects]
            self._side_cache = panel
        surface.blit(self._side_cache, self.side_rect.topleft)

    def _render_side(self, surface: pygame.Surface) -> None:
        th = self.theme
        state = self.state
        side = self.side_rect
        gap = th.px(8)
        y = side.top
        self.hand_rects = []
        self.card_tips = []
        self.log_rects = []
        n = state.seats
        row_h = th.px(62) if n <= 2 else th.px(54)
        for seat in range(n):
            rect = pygame.Rect(side.left, y, side.w, row_h)
            self._draw_player_cached(surface, rect, seat)
            y = rect.bottom + th.px(5)
        # the viewer's Riot Gear hand
        viewer = self.viewer
        if viewer is not None and viewer < n and state.players[viewer].hand:
            y = self._draw_hand(surface, pygame.Rect(side.left, y, side.w, 0), viewer) + gap
        # the hero under the cursor, else the focused one
        focus = self.card_hero or self.idx.focus or self.selected
        rest = side.bottom - y
        if (
            focus is not None
            and focus[0] < len(state.heroes)
            and focus[1] in state.heroes[focus[0]]
        ):
            h = state.heroes[focus[0]][focus[1]]
            # as tall as the card's text needs, leaving room for the Bounties and the log
            owner = self.host.player_name(h.seat)
            need = C.hero_card_height(th, side.w, h.id, h.gear, owner)
            card_h = max(th.px(110), min(need, int(rest * 0.42)))
            rect = pygame.Rect(side.left, y, side.w, card_h)
            C.cached(
                surface,
                C.hero_card,
                rect,
                th,
                h.id,
                h.gear,
                h.damage,
                h.dice,
                self.host.seat_colour(h.seat),
                self.host.seat_shape(h.seat),
                note=owner,
            )
            self.card_tips.append((rect, C.hero_card_text(h.id, h.gear)))
            y = rect.bottom + gap
        # bounties and chest
        if state.bounty_active or state.chest or state.phase != "setup":
            y = self._draw_bounties(surface, pygame.Rect(side.left, y, side.w, side.bottom - y))
        self._draw_log(surface, pygame.Rect(side.left, y, side.w, side.bottom - y))

    def _bounty_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        """Where the two Bounties and the Chest go in ``area``: three across, as tall as the
        wordiest needs within half the room; where that would cut a text (Italian runs
        longer), the Bounties two across, wider, over the Chest the whole width, if the log
        keeps a few lines, else if it keeps its one-line strip (the full log is a key away)."""
        th = self.theme
        state = self.state
        gap = th.px(8)
        w = (area.w - 2 * gap) // 3
        need = max(
            [C.bounty_card_height(th, w, b) for b in state.bounty_active[:2]]
            + [C.chest_card_height(th, w, state.chest)]
        )
        if need > area.h // 2:
            half = (area.w - gap) // 2
            tall = max(
                [C.bounty_card_height(th, half, b) for b in state.bounty_active[:2]],
                default=th.px(40),
            )
            chest = max(C.chest_card_height(th, area.w, state.chest), th.px(30))
            room = area.h - tall - gap - chest
            if room >= th.px(LOG_MIN) or room >= gap + th.px(LOG_STRIP):
                return [
                    pygame.Rect(area.left, area.top, half, tall),
                    pygame.Rect(area.right - half, area.top, half, tall),
                    pygame.Rect(area.left, area.top + tall + gap, area.w, chest),
                ]
        cards_h = max(th.px(112), min(need, area.h // 2))
        return [pygame.Rect(area.left + i * (w + gap), area.top, w, cards_h) for i in range(3)]

    def _draw_bounties(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The two Bounties on offer and the Chest in ``area``; returns the y below them."""
        th = self.theme
        state = self.state
        rects = self._bounty_rects(area)
        for i, rect in enumerate(rects[:2]):
            if i < len(state.bounty_active):
                C.cached(surface, C.bounty_card, rect, th, state.bounty_active[i])
                self.card_tips.append((rect, C.bounty_card_text(state.bounty_active[i])))
            else:
                C.card_frame(surface, rect, th, None, dim=True)
                D.text(
                    surface,
                    _("No Bounty"),
                    th.fonts.get(12),
                    T.TEXT_DIM,
                    (rect.left + th.px(7), rect.top + th.px(7)),
                )
        C.cached(surface, C.chest_card, rects[2], th, state.chest)
        self.card_tips.append((rects[2], C.chest_card_text(state.chest)))
        return max(r.bottom for r in rects) + th.px(8)

    def _draw_player_cached(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """A player's panel through a cache keyed by everything it shows."""
        state = self.state
        pl = state.players[seat]
        crew = self.seen_crew(seat)
        key = (
            seat,
            rect.size,
            self.theme.look,
            seat_label(self.host, seat),
            tuple(self.host.seat_colour(seat)),
            self.idx.seat == seat,
            state.phase == "go" and state.priority == seat,
            pl.passed,
            pl.vp,
            state.options.get("vp_goal", 7),
            pl.loot,
            pl.well,
            len(pl.hand),
            tuple((h.id, h.place) for h in crew.values() if h.place != "arena"),
        )
        img = self._panel_cache.get(key)
        if img is None:
            img = _display_surface(rect.size)
            self._draw_player(img, pygame.Rect((0, 0), rect.size), seat)
            if len(self._panel_cache) > 64:
                self._panel_cache.clear()
            self._panel_cache[key] = img
        surface.blit(img, rect.topleft)

    def _draw_player(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        th = self.theme
        state = self.state
        pl = state.players[seat]
        colour = self.host.seat_colour(seat)
        deciding = self.idx.seat == seat
        has_priority = state.phase == "go" and state.priority == seat
        D.rounded_rect(
            surface,
            rect,
            (*T.PANEL, 235),
            th.px(8),
            T.ACCENT if deciding else T.LINE,
            2 if deciding else 1,
        )
        pad = th.px(8)
        D.seat_marker(
            surface,
            self.host.seat_shape(seat),
            colour,
            (rect.left + pad + th.px(7), rect.top + pad + th.px(8)),
            th.px(7),
        )
        name_font = th.fonts.get(14, "Bold")
        x = rect.left + pad + th.px(20)
        r = D.text(
            surface,
            seat_label(self.host, seat),
            name_font,
            T.TEXT,
            (x, rect.top + pad),
            max_width=rect.w // 3,
        )
        tags = []
        if has_priority:
            tags.append(_("PRIORITY"))
        if pl.passed:
            tags.append(_("passed"))
        if tags:
            D.text(
                surface,
                "  ".join(tags),
                th.fonts.get(10, "Bold"),
                T.ACCENT if has_priority else T.TEXT_DIM,
                (r.right + th.px(6), rect.top + pad + th.px(3)),
            )
        # VP and Loot on the right
        goal = state.options.get("vp_goal", 7)
        vp_text = _("{vp}/{goal} VP").format(vp=pl.vp, goal=goal)
        vr = D.text(
            surface,
            vp_text,
            th.fonts.get(15, "Black"),
            (230, 150, 200),
            (rect.right - pad, rect.top + pad - th.px(1)),
            "topright",
        )
        coin = th.px(15)
        lx = vr.left - th.px(52)
        surface.blit(A.loot_token(coin), (lx, rect.top + pad))
        D.text(
            surface,
            f"{pl.loot}",
            th.fonts.get(14, "Bold"),
            A.LOOT_GOLD,
            (lx + coin + th.px(3), rect.top + pad - th.px(1)),
        )
        # second line: dice well, bench and cooler
        y2 = rect.top + pad + th.px(24)
        small = th.fonts.get(11)
        x = rect.left + pad
        x = C.well_dice(surface, x, y2 + th.px(6), th, pl.well) + th.px(8)
        crew = self.seen_crew(seat)
        bench = [h for h in crew.values() if h.place == "bench"]
        cooler = [h for h in crew.values() if h.place == "cooler"]
        icon = th.px(15)
        for label, group, dim in ((_("Bench"), bench, False), (_("Cooler"), cooler, True)):
            r = D.text(surface, label, small, T.TEXT_DIM, (x, y2))
            x = r.right + th.px(3)
            for h in group[:6]:
                cls = C.hero_class(h.id)
                col = (96, 104, 120) if dim else A.CLASS_COLOURS.get(cls, T.LINE)
                D.aa_circle(surface, col, (x + icon / 2, y2 + icon / 2 - th.px(1)), icon / 2)
                surface.blit(
                    A.class_icon(cls, round(icon * 0.7)),
                    (x + icon * 0.15, y2 + icon * 0.15 - th.px(1)),
                )
                x += icon + th.px(2)
            if not group:
                r = D.text(surface, "-", small, T.TEXT_DIM, (x, y2))
                x = r.right
            x += th.px(10)
        hand = len(pl.hand)  # how many cards, never which: the hand itself is private
        text = _("Gear {n}").format(n=hand) if hand else ""
        if text and x + small.size(text)[0] < rect.right - pad:
            D.text(surface, text, small, T.TEXT_DIM, (rect.right - pad, y2), "topright")

    def _draw_hand(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> int:
        """The Riot Gear hand of the seat allowed to see it; returns the bottom y."""
        th = self.theme
        state = self.state
        hand = state.players[seat].hand
        D.text(
            surface,
            _("YOUR RIOT GEAR ({player})").format(player=self.host.player_name(seat)),
            th.fonts.get(11, "Bold"),
            T.TEXT_DIM,
            (rect.left, rect.top),
        )
        y = rect.top + th.px(16)
        chip_h = max(th.px(26), th.fonts.get(12, "Medium").get_height() + th.px(6))
        gap = th.px(5)
        name_font = th.fonts.get(12, "Medium")
        longest = max(name_font.size(tr(content().gear[g].name))[0] for g in hand)
        three = (rect.w - 2 * gap) // 3
        cols = 3 if len(hand) > 4 and longest + chip_h + th.px(8) <= three else 2
        smallest = th.fonts.get(C.GEAR_CHIP_SIZES[-1], "Medium")
        least = max(smallest.size(tr(content().gear[g].name))[0] for g in hand)
        if cols == 2 and least + chip_h + th.px(4) > (rect.w - gap) // 2:
            cols = 1  # a large text size: one chip a row, each name whole
        w = (rect.w - gap * (cols - 1)) // cols
        usable = {a["gear"] for a in self.idx.equips}
        for i, gear in enumerate(hand):
            r = pygame.Rect(
                rect.left + (i % cols) * (w + gap), y + (i // cols) * (chip_h + gap), w, chip_h
            )
            hot = r.move(self.side_origin).collidepoint(self.hover_pos) and gear in usable
            C.gear_chip(surface, r, th, gear, hot, gear in usable)
            self.hand_rects.append((r, gear))
        rows = (len(hand) + cols - 1) // cols
        return y + rows * (chip_h + gap)

    def action_lines(
        self, i: int, reveal_all: bool | None = None
    ) -> list[tuple[str, tuple[int, int, int]]]:
        """Log lines for action ``i`` of the match and the events it caused: the label as it
        was written when the move was played (a move reads from where to where), private
        details kept from other seats, chained effects grouped (see ``event_lines``)."""
        match = self.match
        seat = logged_mover(match, i)
        names = [self.host.player_name(s) for s in range(self.state.seats)]
        action = match.log[i]
        over = self.state.phase == "over" if reveal_all is None else reveal_all
        events = match.history[i] if i < len(match.history) else []
        shown = [e for e in events if over or e.visible_to(self.viewer)]
        hero = action.get("hero")
        moved = (
            move_headline(self.state.arena, hero, shown)
            if isinstance(hero, str) and len(shown) == len(events)
            else None
        )
        if action.kind in ("gear", "recover") and seat != self.viewer and not over:
            text = (  # the hand stays secret
                _("{player} takes a Riot Gear card").format(player=names[seat])
                if seat is not None
                else _("takes a Riot Gear card")
            )
        elif action.kind == "pick" and seat != self.viewer and crews_secret(self.state):
            text = (  # crews stay secret until all are built
                _("{player} adds a hero to the crew").format(player=names[seat])
                if seat is not None
                else _("adds a hero to the crew")
            )
        elif moved is not None:
            text = f"{names[seat]}: {moved}" if seat is not None else moved
        else:
            labels = getattr(self.host, "labels", None)
            text = action_text(match, i, self.viewer, names, reveal_all=over, labels=labels)
        colour = tuple(self.host.seat_colour(seat)[:3]) if seat is not None else T.TEXT
        lines = [(text, colour)]
        lines += [("   " + extra, T.TEXT_DIM) for extra in event_lines(shown, self.host)]
        return lines

    def log_blocks(
        self, viewer: int | None = None, reveal_all: bool | None = None
    ) -> list[tuple[str, str]]:
        """The whole game for the full log (L), in the same words as the side log: a heading
        per action, a line per (grouped) event (as the host's viewer may read it, which is
        the ``viewer`` the game screen passes)."""
        if not self.match.log:
            return [("dim", _("No moves yet."))]
        blocks: list[tuple[str, str]] = []
        for i in range(len(self.match.log)):
            lines = self.action_lines(i, reveal_all)
            blocks.append(("h2", f"{i + 1}.  {lines[0][0]}"))
            blocks += [("li", text.strip()) for text, _ in lines[1:]]
        return blocks

    def log_lines(self, limit: int = 60) -> list[tuple[str, tuple[int, int, int]]]:
        """Readable lines for the most recent actions and what they caused."""
        lines: list[tuple[str, tuple[int, int, int]]] = []
        for i in range(max(0, len(self.match.log) - limit), len(self.match.log)):
            lines += self.action_lines(i)
        return lines

    def _wrapped_action(self, i: int, font: pygame.font.Font, width: int) -> list:
        key = (i, width, self.viewer, id(font), self.state.phase == "over")
        found = self._log_cache.get(key)
        if found is None:
            found = [
                (line, colour)
                for text, colour in self.action_lines(i)
                for line in D.wrap(text, font, width)
            ]
            if len(self._log_cache) > 2000:
                self._log_cache.clear()
            self._log_cache[key] = found
        return found

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th = self.theme
        if rect.h < th.px(LOG_STRIP):
            return
        D.rounded_rect(surface, rect, (*T.PANEL, 200), th.px(8), T.LINE, 1)
        pad = th.px(8)
        font = th.fonts.get(12)
        # too low for a line of its own: a strip whose hint names the key of the full log
        strip = rect.h < th.px(36) + font.get_linesize()
        head_y = rect.centery - th.px(6) if strip else rect.top + pad - th.px(2)
        head = D.text(
            surface, _("GAME LOG"), th.fonts.get(11, "Bold"), T.TEXT_DIM, (rect.left + pad, head_y)
        )
        note = _("L: full log") if strip else _("click a line to see its dice again")
        note_font = th.fonts.get(10)
        room = max(0, rect.right - pad - head.right - th.px(12))
        below = not strip and D.text_size(note_font, note)[0] > room
        if below:  # no room beside the heading (Italian, a large text): on a line under it
            shown = D.text(
                surface,
                note,
                note_font,
                T.TEXT_DIM,
                (rect.left + pad, head.bottom),
                max_width=rect.w - 2 * pad,
            )
        else:
            shown = D.text(
                surface,
                note,
                note_font,
                T.TEXT_DIM,
                (rect.right - pad, head.top + th.px(1)),
                "topright",
                room,
            )
        if strip:
            return
        inner = rect.inflate(-2 * pad, -2 * pad)
        top = max(inner.top + th.px(14), (shown if below else head).bottom + th.px(2))
        inner.h -= top - inner.top
        inner.top = top
        step = font.get_linesize()
        fit = max(0, inner.h // step)
        if self._log_undo_guard != len(self.match.log):
            # after an undo the same index holds a different action: forget wrapped lines
            if len(self.match.log) < self._log_undo_guard:
                self._log_cache.clear()
            self._log_undo_guard = len(self.match.log)
        wrapped: list = []
        i = len(self.match.log) - 1
        while i >= 0 and len(wrapped) < fit:
            wrapped[0:0] = [
                (text, colour, i) for text, colour in self._wrapped_action(i, font, inner.w)
            ]
            i -= 1
        y = inner.top
        for text, colour, index in wrapped[-fit:] if fit else []:
            D.text(surface, text, font, colour, (inner.left, y))
            self.log_rects.append((pygame.Rect(inner.left, y, inner.w, step), index))
            y += step


VIEW = RiotQuestView


def _display_surface(size: tuple[int, int]) -> pygame.Surface:
    """A transparent surface in the display's pixel format when there is a display (faster
    to blit every frame), else a plain per-pixel-alpha surface (headless tests)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
        surf.fill((0, 0, 0, 0))
    return surf
