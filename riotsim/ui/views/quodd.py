"""The Quodd Heroes play screen.

Left: the composed boards with their elements, the heroes as cubes in three-quarter view, the
squares the rules allow now (click a neighbouring square for the natural tumble, a reachable
square to move the active skill there - the path is previewed while hovering). Right: the
scenario and time tracker, the objective and hints, the active player's board (cube net with
its skills, upgrade track, Item/Pet slots, hand) shown only to that player, the Exploration
lineup, and buttons for every choice that is not a square. The view never decides a rule: it
only offers the rule set's legal actions.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Iterator
from functools import partial
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Action, Event
from riotsim.core.events import DiceRolled, GameOver
from riotsim.games.quodd import catalog
from riotsim.games.quodd import menu as quodd_menu
from riotsim.games.quodd.cube import Cube
from riotsim.games.quodd.directions import DELTA, OPPOSITE, Cell, step
from riotsim.games.quodd.events import (
    Blasted,
    BoardRotated,
    Carried,
    Connected,
    Fell,
    Jumped,
    Moved,
    Pushed,
    Respawned,
    Slid,
    Sprung,
    Spun,
    Teleported,
    Tumbled,
    Tunnelled,
)
from riotsim.i18n import N_, _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation, Flash
from riotsim.ui.views import quodd_art as art
from riotsim.ui.views import (
    quodd_bar,
    quodd_beams,
    quodd_bombs,
    quodd_cube,
    quodd_hint,
    quodd_log,
    quodd_marks,
    quodd_panel,
    quodd_platforms,
    quodd_seats,
    quodd_sheep,
    quodd_tokens,
    quodd_tumble,
    quodd_upkeep,
    quodd_world,
)
from riotsim.ui.views.args import int_arg
from riotsim.ui.views.base import (
    ButtonRow,
    GameView,
    HoverHighlight,
    action_text,
    describe_action,
    seat_label,
    side_panel,
)
from riotsim.ui.views.keyfocus import ACT_KEYS, Group, Target
from riotsim.ui.views.marks import ChangeMarks
from riotsim.ui.views.words import tr
from riotsim.ui.widgets.dicetray import DiceTray, roll_of
from riotsim.ui.widgets.tooltip import draw_tooltip

# the hero events animated: glides, hops, warps, spins and falls
MOVE_EVENTS = (Moved, Pushed, Carried, Slid, Jumped, Sprung, Blasted, Connected)
JUMP_EVENTS = (Jumped, Sprung, Blasted)
BLINK_EVENTS = (Teleported, Tunnelled, Respawned)
HERO_EVENTS = (Tumbled, Spun, Fell, *MOVE_EVENTS, *BLINK_EVENTS)
# where each face of a hero's cube sits on the player board's net (column, row)
CUBE_NET = {
    "front": (1, 0),
    "left": (0, 1),
    "q": (1, 1),
    "right": (2, 1),
    "back": (1, 2),
    "feet": (1, 3),
}
CUBE_SIDE = 0.7  # a hero cube's side, in squares
WATER_RING = (170, 215, 240)
MAX_PREVIEW_NODES = 400
MAX_ZOOM = 3.0
MAX_LAYER = 4096  # the board layer's largest side in pixels, however far zoomed
BUDDY_MARK = N_("buddy")  # under a buddy's seat marker (Buddy Cards)
ZOOM_KEYS = {"+": 1.25, "=": 1.25, "[+]": 1.25, "-": 0.8, "[-]": 0.8}
BUTTONS_PER_PAGE = 12
PROMPTS = {
    "start_square": N_("pick a start square"),
    "rearrange": N_("arrange your skill tiles on the cube"),
    "whirlpool": N_("turn the cube on the whirlpool"),
    "rotate_section": N_("turn the board"),
    "spring": N_("pick where the spring throws the hero"),
    "teleport": N_("pick where the teleporter sends the hero"),
    "tunnel": N_("go through the tunnel or stay"),
    "connection": N_("pick the water connection"),
    "q_token": N_("use a Q-Power?"),
    "terrain_kind": N_("pick what to place"),
    "place": N_("pick a square for the token"),
    "drop": N_("drop what you carried next to the pit"),
    "respawn": N_("pick a respawn point"),
    "respawn_beside": N_("pick a square next to the respawn point"),
    "rooted_landing": N_("pick where the jumping hero lands"),
    "bump": N_("pick where the landed-on hero goes"),
    "explore": N_("explore: pick a card"),
    "explore_type": N_("explore: pick a card"),
    "choose_upgrade": N_("pick an upgrade"),
    "upgrade_skill": N_("pick a skill tile to turn gold"),
    "impulse": N_("play an impulse card now?"),
    "crush": N_("break this wall with Crush?"),
    "steal_first": N_("steal before the square acts?"),
    "cannon_direction": N_("point the cannon"),
    "bomb_direction": N_("pick the way the bomb rolls"),
    "push_bomb": N_("explode around your hero (Push Bomb)?"),
    "crystal_bomb": N_("pick the crystal to destroy"),
    "world_choice": N_("world event - make its choice"),  # issue 13 part A
    "world_ignore": N_("world event - ignore it (Ignore World Events)?"),
    "buddy_square": N_("pick where your new buddy joins"),
    "bside_slot": N_("pick the face slot for this upgrade"),
}
# What a pending choice or a phase is, for lines that tell nobody to click.
STEP_NAMES = {
    "setup": N_("setting up"),
    "start_square": N_("choosing a start square"),
    "rearrange": N_("arranging skill tiles"),
    "whirlpool": N_("turning on a whirlpool"),
    "rotate_section": N_("turning a board"),
    "spring": N_("choosing where the spring throws"),
    "teleport": N_("choosing a teleport square"),
    "tunnel": N_("choosing a tunnel"),
    "connection": N_("choosing a water connection"),
    "q_token": N_("deciding on Q-Powers"),
    "terrain_kind": N_("choosing what to place"),
    "place": N_("placing a token"),
    "drop": N_("dropping what was carried"),
    "respawn": N_("choosing a respawn point"),
    "respawn_beside": N_("respawning"),
    "rooted_landing": N_("choosing a landing square"),
    "bump": N_("moving a landed-on hero"),
    "explore": N_("exploring"),
    "explore_type": N_("exploring"),
    "choose_upgrade": N_("choosing an upgrade"),
    "upgrade_skill": N_("choosing a skill to turn gold"),
    "impulse": N_("deciding on an impulse card"),
    "crush": N_("deciding whether to crush a wall"),
    "steal_first": N_("deciding whether to steal first"),
    "cannon_direction": N_("pointing a cannon"),
    "bomb_direction": N_("aiming a bomb"),
    "push_bomb": N_("deciding on a Push Bomb"),
    "crystal_bomb": N_("choosing a crystal to destroy"),
    "break_wall": N_("choosing a wall to break"),
    "destroy": N_("choosing a token to remove"),
    "copy_q": N_("copying a Q-Power"),
    "slide_other": N_("sliding another hero"),
    "swap_other": N_("swapping another hero's skills"),
    "world_choice": N_("playing out a world event"),
    "world_ignore": N_("deciding whether to ignore a world event"),
}
PHASE_NAMES = {
    "powerup": N_("Power-Up"),
    "recovery": N_("Recovery"),
    "explore": N_("Exploration"),
    "discard": N_("discarding down to 5 cards"),
    "upgrade": N_("choosing an upgrade"),
}
# The same phases as a prompt to the player whose turn it is.
PHASE_PROMPTS = {
    **PHASE_NAMES,
    "discard": N_("discard down to 5 cards"),
    "upgrade": N_("choose an upgrade"),
}
ELEMENT_TEXT = {
    "wall": N_("Wall: blocks moves; jump over it or onto it"),
    "broken_wall": N_("Broken wall: ordinary ground"),
    "impassable": N_("Impassable wall: blocks everything while up; its switch lowers it"),
    "pit": N_("Pit: fall in and respawn at the nearest safe respawn point"),
    "respawn": N_("Respawn point"),
    "start": N_("Start square"),
    "spring": N_("Spring: jump over 1 square, your choice of direction"),
    "super_spring": N_("Super spring: jump over 2 squares"),
    "teleporter": N_("Teleporter: roll the d6, go up to that far; a Q blows it up"),
    "super_teleporter": N_("Super teleporter: two dice; doubles destroy it"),
    "tunnel": N_("Tunnel: on your turn hop to another tunnel; movement ends"),
    "current": N_("Water current: pushes you 1 square along the arrow"),
    "whirlpool": N_("Whirlpool: spins your cube a quarter turn"),
    "connection": N_("Water connection: carries you to its partner; keep moving"),
    "switch": N_("Switch: flips its trap doors and impassable walls"),
    "trap_door": N_("Trap door: a pit when open"),
    "rotate_switch": N_("Rotate switch: turns this whole board"),
    "rotate_board": N_("Rotate token: turns this whole board once"),
    "q_token": N_("Q token: use your Q-Powers here"),
    "rearrange": N_("Rearrange token: rearrange your skills here"),
    "secret": N_("Secret token: reveals an element that acts at once"),
    "explore": N_("Explore token: take a card"),
    "food": N_("Food token: take a Food card"),
    "item": N_("Item token: take an Item card"),
    "pet": N_("Pet token: take a Pet card"),
    "rune": N_("Rune token: take a Rune card"),
    "upgrade": N_("Upgrade token: place an upgrade now"),
    "treasure": N_("Treasure"),
    "crystal": N_("Crystal: pick it up by landing on it"),
    "drop_zone": N_("Drop zone: deliver your crystals"),
    "rally": N_("Rally marker: reach them in number order"),
    "character": N_("Character token"),
    "sheep": N_("Sheep: moves on its own each round; land on it to pick it up"),
}


class HeroMove(Animation):
    """A hero cube on its way between two squares.

    ``mode``: ``roll`` (a real tumble over the bottom edge towards ``direction``), ``glide``
    (pushed, carried by a current, slid), ``hop`` (jumps, springs, explosions), ``warp``
    (teleporter, tunnel, respawn: shrinks away and grows at the end) or ``spin`` (whirlpool:
    a quarter turn about the vertical axis, ``direction`` = ``cw``/``ccw``)."""

    def __init__(
        self,
        view: QuoddView,
        seat: int,
        start,
        end,
        cube_before: Cube,
        cube_after: Cube,
        mode: str = "glide",
        direction: str = "",
        duration: float = 0.3,
    ):
        super().__init__(duration)
        self.view = view
        self.key = seat
        self.start = start
        self.end = end
        self.cube_before = cube_before
        self.cube_after = cube_after
        self.mode = mode
        self.direction = direction

    def pos(self) -> tuple[float, float]:
        t = pytweening.easeInOutQuad(self.progress)
        if self.mode == "warp":
            return self.start if self.progress < 0.5 else self.end
        if self.mode == "roll":
            # the roll itself carries the cube one side length; glide the rest of the square
            extra = 1.0 - self.view.cube_side() / self.view.cell
            t = t * extra
            dx, dy = DELTA[self.direction]
            return (
                self.start[0] + dx * self.view.cell * t,
                self.start[1] + dy * self.view.cell * t,
            )
        return (
            self.start[0] + (self.end[0] - self.start[0]) * t,
            self.start[1] + (self.end[1] - self.start[1]) * t,
        )

    def draw(self, surface: pygame.Surface) -> None:
        t = pytweening.easeInOutQuad(self.progress)
        view = self.view
        if self.reduced:  # reduced motion: the cube at rest where it lands, its new face up
            view.draw_hero(surface, self.key, self.end, self.cube_after)
        elif self.mode == "roll":
            view.draw_hero(
                surface, self.key, self.pos(), self.cube_before, tumble=(self.direction, t)
            )
        elif self.mode == "spin":
            turn = 1.0 if self.direction == "cw" else -1.0
            view.draw_hero(surface, self.key, self.pos(), self.cube_before, spin=turn * t)
        elif self.mode == "hop":
            lift = view.cell * 0.9 * (1 - (2 * self.progress - 1) ** 2)
            view.draw_hero(surface, self.key, self.pos(), self.cube_before, lift=lift)
        elif self.mode == "warp":
            p = self.progress
            scale = 1 - 2 * p if p < 0.5 else 2 * p - 1
            cube = self.cube_before if p < 0.5 else self.cube_after
            view.draw_hero(surface, self.key, self.pos(), cube, scale=max(0.0, scale))
        else:
            view.draw_hero(surface, self.key, self.pos(), self.cube_before)


class QuoddView(GameView):
    supports_hint = True  # the game screen's Hint button (solo, or a human among bots)

    def __init__(self, host: Any):
        super().__init__(host)
        self.hint: quodd_hint.Hint | None = None  # the suggested turn shown on the board
        self.hl = HoverHighlight()
        self.buttons = ButtonRow(vertical=True)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.cell = 32
        self.origin = (0, 0)
        self.reach: dict[Cell, list[Action]] = {}
        self.preview: list[Cell] = []
        self.card_targets: list[tuple[pygame.Rect, Action]] = []
        self._marker: Any = None
        self.recorded = False
        self.hover_cell: Cell | None = None
        self.selected: Cell | None = None  # a square with several choices on it
        self.cell_actions: dict[Cell, list[Action]] = {}
        self.button_actions: list[Action | None] = []  # None: a greyed entry
        self.bar: list[quodd_bar.BarItem] = []  # the bar items of the buttons shown
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.tip_targets: list[tuple[pygame.Rect, str, str]] = []  # (rect, title, text)
        self.refuse_targets: list[tuple[pygame.Rect, Action]] = []  # a card click that is meant
        self.why_rule = ""  # the reference section of the last why_not
        self.menu: list[Any] = []  # the rules' action menu (MenuEntry) for the viewer
        self.page = 0
        self.per_page = BUTTONS_PER_PAGE  # fewer when the panel has less room (see draw_panel)
        self.panel_scroll = 0  # how far the panel's texts are scrolled (see quodd_panel)
        self.panel_scroll_max = 0
        self.panel_view = pygame.Rect(0, 0, 0, 0)  # the panel's texts' part on show
        self.panel_cards: list[pygame.Rect] = []  # the panel's cards, whole, for the ring
        self._other: list[quodd_bar.BarItem] = []  # the menu's entries that are not squares
        self._hand_actions: set[Action] = set()
        self.message = ""  # why the last clicked square is not a legal move
        self.shown: dict[int, Cube] = {}  # each hero's cube as last drawn at rest
        self._reach_job: Any = None
        self._glow_key: Any = None
        self._layer_key: Any = None
        self._best_key: Any = None
        self._best_entry: Any = None
        self._layer_surface = pygame.Surface((1, 1))
        self._glow_surface = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.zoom = 1.0
        self.tray = DiceTray()  # the last action's dice, kept until the next action
        self.marks = ChangeMarks()  # the squares the last move left and reached, fading
        self.tray_seat: int | None = None
        self.focus: tuple[float, float] | None = None  # the board point kept in view, zoomed

    # -- geometry ------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        panel_w = max(self.theme.px(300), int(rect.w * 0.34))
        self.panel_rect = pygame.Rect(rect.right - panel_w, rect.top, panel_w, rect.h)
        self.board_rect = pygame.Rect(
            rect.left, rect.top, rect.w - panel_w - self.theme.px(12), rect.h
        )
        board = self.state.board
        fit = max(
            8,
            min(
                self.board_rect.w // max(1, board.width), self.board_rect.h // max(1, board.height)
            ),
        )
        # zoomed in (wheel, +/-), the board is larger than its area: it follows the focus
        most = max(fit, MAX_LAYER // max(board.width, board.height, 1))
        self.cell = max(8, min(most, int(fit * self.zoom)))
        w, h = self.cell * board.width, self.cell * board.height
        fx, fy = self.focus if self.focus is not None else (board.width / 2, board.height / 2)
        self.origin = (
            _follow(self.board_rect.left, self.board_rect.w, w, int(fx * self.cell)),
            _follow(self.board_rect.top, self.board_rect.h, h, int(fy * self.cell)),
        )
        self._marker = None

    def set_zoom(self, zoom: float, focus: Cell | None = None) -> None:
        """Zoom the board (1: the whole board fits), keeping ``focus`` (a square) in view."""
        self.zoom = max(1.0, min(MAX_ZOOM, zoom))
        if focus is not None:
            self.focus = (focus[0] + 0.5, focus[1] + 0.5)
        if self.zoom == 1.0:
            self.focus = None
        self.layout(self.rect)

    def scroll(self, dy: int, pos=None) -> bool:
        """The mouse wheel over the board zooms it, around the square under the pointer."""
        pos = pos or self.hover_pos
        if self.panel_rect.collidepoint(pos):  # over the panel: its texts scroll, if they do
            return quodd_panel.scroll_by(self, 1 if dy > 0 else -1)
        if not self.board_rect.collidepoint(pos):
            return False
        self.set_zoom(self.zoom * (1.25 if dy > 0 else 0.8), self.cell_at(pos))
        return True

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(
            self.origin[0] + cell[0] * self.cell,
            self.origin[1] + cell[1] * self.cell,
            self.cell,
            self.cell,
        )

    def centre(self, cell: Cell) -> tuple[float, float]:
        r = self.cell_rect(cell)
        return (r.centerx, r.centery)

    def cell_at(self, pos) -> Cell | None:
        x = (pos[0] - self.origin[0]) // self.cell
        y = (pos[1] - self.origin[1]) // self.cell
        cell = (int(x), int(y))
        if not self.board_rect.collidepoint(pos):
            return None  # a zoomed board runs on under the panel
        return cell if self.state.board.on_board(cell) else None

    # -- targets -------------------------------------------------------------------------
    def refresh(self) -> None:
        marker = (len(self.match.log), self.host.viewer_seat, self.rect.size)
        if marker == self._marker:
            return
        if self._marker is not None and marker[0] != self._marker[0]:
            self.message = ""  # something happened: the old complaint no longer applies
        self._marker = marker
        self.hl.clear()
        self.card_targets = []
        self.reach = {}
        state = self.state
        mine = self._my_turn()
        actions = self.match.legal_actions() if mine else []
        board_actions: list[tuple[Cell, Action]] = []
        for action in actions:
            cell = self.action_cell(action)
            if cell is not None:
                board_actions.append((cell, action))
        self.cell_actions = {}
        for cell, action in board_actions:
            self.hl.add(self.cell_rect(cell), action)
            self.reach.setdefault(cell, [action])
            self.cell_actions.setdefault(cell, []).append(action)
        if self.selected is not None and self.selected not in self.cell_actions:
            self.selected = None
        self._reach_job = None
        if mine and state.phase == "movement" and not state.pending:
            # explored a little each frame (see pump_reach), so no frame waits for all of it
            self._reach_job = self._explore()
        # several choices sharing a clicked square (a current's direction, which token to
        # remove...) come first as buttons; then the menu's entries not picked on the board
        self.menu = self.match.ruleset.action_menu(state) if mine else []
        self._other = quodd_bar.bar_items(self, self.menu)
        self._hand_actions = {a for a in actions if a.kind in ("play", "draw")}
        self.build_buttons()

    def build_buttons(self) -> None:
        """The current page of choice buttons (``per_page`` a page, the last slot "More")."""
        other = self._other
        per_page = len(other)
        if len(other) > self.per_page:
            per_page = max(1, self.per_page - 1)  # the last slot is "More choices"
        pages = max(1, -(-len(other) // max(1, per_page)))
        self.page %= pages
        shown = other[self.page * per_page : (self.page + 1) * per_page]
        self.bar = list(shown)
        self.button_actions = [item.action for item in shown]
        items = [(item.label, self._bar_click(item)) for item in shown]
        if pages > 1:
            more = _("More choices ({page}/{pages})").format(page=self.page + 1, pages=pages)
            items.append((more, self._next_page))
        self.buttons = ButtonRow(items, vertical=True)
        for button, item in zip(self.buttons.buttons, shown, strict=False):
            button.enabled = item.action is not None

    def label(self, action: Action) -> str:
        return describe_action(self.match.ruleset, self.state, action)

    def _bar_click(self, item: quodd_bar.BarItem):
        if item.action is None:
            return lambda: self.refuse(item.reason)
        return self._submitter([item.action])

    def refuse(self, reason: str, rule: str = "") -> None:
        """Show why the rules refuse a click (the panel's message and the scene's notice;
        F1 then opens the reference at ``rule``)."""
        if not reason:
            return
        text = reason[:1].upper() + reason[1:]
        self.message = text if text.endswith(".") else text + "."
        notice = getattr(self.host, "notice", None)
        if callable(notice):
            notice(self.message, T.BAD)
        if rule and hasattr(self.host, "refused_rule"):
            self.host.refused_rule = rule

    def spectating(self) -> bool:
        """True in the replay viewer: the table is shown, nothing is offered."""
        return bool(getattr(self.host, "spectating", False))

    def _my_turn(self) -> bool:
        if self.spectating():
            return False
        seat = self.match.to_move()
        return seat is not None and seat == self.host.viewer_seat

    def _next_page(self) -> None:
        self.page += 1
        self._marker = None

    def _submitter(self, path: list[Action]):
        return lambda: self.submit_path(path)

    def submit_path(self, path: list[Action]) -> None:
        """Play a previewed path step by step while each step is still legal."""
        self.selected = None
        self.page = 0
        for action in path:
            if action not in self.match.legal_actions():
                break
            self.host.submit(action)
            self._marker = None
            if self.state.pending:
                break

    def action_cell(self, action: Action) -> Cell | None:
        state = self.state
        hero = state.current
        kind = action.kind
        if kind in ("tumble", "step", "roll") and action.get("leave") is None:
            return step(hero.pos, str(action["dir"]))
        if kind == "jump" and action.get("leave") is None:  # leaving a token: a button
            return step(hero.pos, str(action["dir"]), int_arg(action, "over") + 1)
        if kind != "choose" or not state.pending:
            return None
        decision = state.pending[-1]
        for key in ("at", "to"):
            value = action.get(key)
            if isinstance(value, tuple) and len(value) == 2:
                return (value[0], value[1])
        direction = action.get("dir")
        if direction is None or len(action.args) != 1 and decision.kind != "slide_other":
            return None
        if decision.kind == "spring":
            who = state.heroes[decision.data["hero"]]
            return step(who.pos, str(direction), int(decision.data["over"]) + 1)
        if decision.kind == "bump":
            return step(state.heroes[decision.data["victim"]].pos, str(direction))
        if decision.kind == "slide_other":
            return step(state.heroes[int_arg(action, "hero")].pos, str(direction))
        return None

    def pump_reach(self, budget: float = 0.001) -> None:
        """Explore reachable squares for up to ``budget`` seconds; add what is found."""
        job = self._reach_job
        if job is None:
            return
        deadline = time.perf_counter() + budget
        for cell, path in job:
            if cell not in self.reach:
                self.reach[cell] = path
                self.hl.add(self.cell_rect(cell), path[0])
            if time.perf_counter() > deadline:
                return
        self._reach_job = None

    def finish_reach(self) -> None:
        self.pump_reach(budget=float("inf"))

    def reachable(self) -> dict[Cell, list[Action]]:
        """Squares the active skill can reach this move, with the steps to get there."""
        out: dict[Cell, list[Action]] = {}
        for cell, path in self._explore():
            out[cell] = path
        return out

    def _explore(self) -> Iterator[tuple[Cell, list[Action]]]:
        """Yield (square, shortest steps there) as the search finds them.

        Explored on copies of the state; a branch stops at a choice or a die roll so the
        preview never peeks at chance."""
        ruleset = self.match.ruleset
        start = self.state
        hero_seat = start.active
        out: dict[Cell, list[Action]] = {}
        queue: deque[tuple[Any, list[Action]]] = deque([(start, [])])
        nodes = 0
        while queue and nodes < MAX_PREVIEW_NODES:
            state, path = queue.popleft()
            for action in ruleset.legal_actions(state):
                if action.kind not in ("step", "roll") or action.get("leave") is not None:
                    continue
                nodes += 1
                child = ruleset.copy(state)
                events = ruleset.apply(child, action)
                cell = child.heroes[hero_seat].pos
                new_path = path + [action]
                if cell not in out or len(out[cell]) > len(new_path):
                    out[cell] = new_path
                    yield cell, new_path
                    stopped = child.pending or any(e.reveals for e in events)
                    if (
                        not stopped
                        and child.phase == "movement"
                        and child.turn.skill == start.turn.skill
                    ):
                        queue.append((child, new_path))

    # -- input ---------------------------------------------------------------------------
    def hover(self, pos) -> None:
        self.refresh()
        self.hover_pos = (int(pos[0]), int(pos[1]))
        self.hl.hover(pos)
        self.buttons.hover(pos)
        cell = self.cell_at(pos)
        self.hover_cell = cell
        self.preview = []
        if cell is not None and cell in self.reach and len(self.reach[cell]) > 1:
            hero = self.state.current
            trail = [hero.pos]
            for action in self.reach[cell]:
                trail.append(step(trail[-1], str(action["dir"])))
            self.preview = trail

    def click(self, pos, button: int = 1) -> None:
        self.refresh()
        if button != 1 or self.animating():
            return
        self.finish_reach()
        if self.buttons.click(pos, button):
            return
        for b, item in zip(self.buttons.buttons, self.bar, strict=False):
            if item.action is None and b.rect.collidepoint(pos):
                self.refuse(item.reason)  # a greyed entry: say why again
                return
        for rect, action in self.card_targets:
            if rect.collidepoint(pos) and action in self.match.legal_actions():
                self.host.submit(action)
                self._marker = None
                return
        for rect, action in self.refuse_targets:
            if rect.collidepoint(pos) and self._my_turn():
                self.refuse(*self.refused(action))
                return
        cell = self.cell_at(pos)
        if cell is not None and len(self.cell_actions.get(cell, [])) > 1:
            self.selected = cell
            self._marker = None
            return
        if cell is not None and cell in self.reach:
            self.selected = None
            self.message = ""
            self.submit_path(self.reach[cell])
        elif cell is not None:
            self.refuse(self.why_not(cell), self.why_rule)

    def why_not(self, cell: Cell) -> str:
        """Ask the rules why a move to ``cell`` is not allowed (the view decides nothing):
        the click meant the tumble, skill step or jump that way."""
        state = self.state
        if not self._my_turn() or state.phase != "movement" or state.pending:
            return ""
        meant = self.meant_move(cell)
        if meant is None:
            self.why_rule = ""
            return _("Too far: pick a highlighted square.")
        reason, self.why_rule = self.refused(meant)
        return reason

    def meant_move(self, cell: Cell) -> Action | None:
        """The move a click on ``cell`` meant: the tumble or step onto a neighbour, or a jump
        along a straight line (None: no one move reaches it)."""
        from riotsim.games.quodd.directions import direction_between

        state = self.state
        hero = state.current
        turn = state.turn
        dx, dy = cell[0] - hero.pos[0], cell[1] - hero.pos[1]
        far = max(abs(dx), abs(dy))
        if far == 0 or turn.stage == "q":
            return None
        unit = (dx // far, dy // far)
        if (abs(dx) != abs(dy) and dx and dy) or unit not in DELTA.values():
            return None
        direction = next(d for d, delta in DELTA.items() if delta == unit)
        if turn.stage == "skill" and turn.skill == "jump":
            return Action.make("jump", dir=direction, over=far - 1)
        if far > 1 or direction_between(hero.pos, cell) is None:
            return None
        kind = "tumble" if turn.stage == "natural" else "step"
        if turn.stage == "skill" and turn.skill == "tumble":
            kind = "roll"
        return Action.make(kind, dir=direction)

    def refused(self, action: Action) -> tuple[str, str]:
        """(reason, rule section) the rules give for refusing ``action`` ('' when legal)."""
        from riotsim.core.contract import IllegalAction

        ruleset = self.match.ruleset
        try:
            ruleset.apply(ruleset.copy(self.state), action)
        except IllegalAction as exc:
            return exc.reason, exc.rule
        return "", ""

    def key(self, key: str) -> bool:
        if key in ZOOM_KEYS:
            hero = self.state.current.pos if self.state.heroes else None
            self.set_zoom(self.zoom * ZOOM_KEYS[key], self.hover_cell or hero)
            return True
        if key in quodd_panel.PAGE_KEYS and quodd_panel.scroll_by(
            self, 4 * quodd_panel.PAGE_KEYS[key]
        ):
            return True  # Page Up/Down: the panel's texts, where they scroll
        if key in ("escape", "backspace") and self.selected is not None:
            self.selected = None  # back out of a square with several choices
            return True
        if self.focus_key(key):
            ring = self.ring
            on = ring.key if isinstance(ring.key, tuple) else ()
            if self.zoom > 1.0 and ring.group in ("cells", "pieces") and key not in ACT_KEYS:
                self.set_zoom(self.zoom, on[1])  # zoomed in, the board follows the ring
            return True
        if key in ("space", "return") and self._my_turn():
            for preferred in ("move", "stop", "explore", "done", "choose swap=done"):
                for action in self.match.legal_actions():
                    if str(action) == preferred:
                        self.host.submit(action)
                        self._marker = None
                        return True
        return False

    # -- keyboard play (riotsim.ui.views.keyfocus) ---------------------------------------
    def focus_groups(self) -> list[Group]:
        """The squares (the current hero's first), the heroes, the cards and the buttons."""
        state = self.state
        board = self.board_rect
        # zoomed in, the squares beyond the panel are there too: the board follows the ring
        zoomed = self.zoom > 1.0
        cells = [c for c in state.board.cells() if zoomed or board.collidepoint(self.centre(c))]
        hero = state.current.pos if state.heroes else None
        if hero in cells:
            cells.remove(hero)
            cells.insert(0, hero)
        heroes = [h.pos for h in state.heroes if h.pos is not None and h.pos in cells]
        # a card scrolled out of the panel's view is still on the ring: it scrolls to it
        whole = self.panel_cards
        targets = self.card_targets + self.refuse_targets
        if len(whole) != len(targets):
            whole = [pygame.Rect(r) for r, _a in targets]
        cards = [
            Target(
                ("card", i, str(action)),
                pygame.Rect(rect),
                on_focus=partial(quodd_panel.show, self, rect),
            )
            for i, (rect, (_r, action)) in enumerate(zip(whole, targets, strict=True))
        ]
        shown = enumerate(self.buttons.buttons)
        buttons = [Target(("button", i), pygame.Rect(b.rect)) for i, b in shown]
        return [
            Group("cells", [Target(("cell", c), self.cell_rect(c)) for c in cells]),
            Group("pieces", [Target(("hero", c), self.cell_rect(c)) for c in heroes]),
            Group("cards", cards),
            Group("buttons", buttons),
        ]

    # -- the hint --------------------------------------------------------------------------
    def show_hint(self, plan: Any, seat: int) -> None:
        """Show ``plan`` (riotsim.ai.planner.Plan) for ``seat`` until the table changes."""
        ruleset = self.match.ruleset
        key = len(self.match.log)
        actions, complete = list(plan.actions), bool(plan.complete)
        self.hint = quodd_hint.build_hint(ruleset, self.state, seat, actions, key, complete)

    def clear_hint(self) -> None:
        self.hint = None
        self.hint_thinking = False

    def current_hint(self) -> quodd_hint.Hint | None:
        """The hint shown now: none once any move was made after it was asked for."""
        hint = self.hint
        if hint is not None and hint.key != len(self.match.log):
            self.hint = hint = None
        return hint

    # -- animation -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.marks.update(dt, held=self.anims.busy)  # marks fade once the cubes have moved

    def fast_forward(self) -> None:
        super().fast_forward()
        self.marks.update(0.0, held=False)  # (the fade then runs on its own)

    def on_events(self, events: list[Event]) -> None:
        """Animate what the events show, by their type (the log shows every event, a kind
        this view does not animate through its text)."""
        cubes = self._cubes_before(events)
        self.fill_tray(events)
        moved = quodd_marks.change_marks(self, events, HERO_EVENTS)
        if moved:
            self.marks.show(moved)
        quodd_upkeep.start(self, events)
        for event in events:
            if quodd_upkeep.on_event(self, event):  # the upkeep's step captions
                continue
            if quodd_world.on_event(self, event):  # a drawn world event's card (issue 13)
                continue
            if isinstance(event, GameOver):
                self.record_result()
            elif isinstance(event, DiceRolled):
                self.roll_dice(event)
            elif isinstance(event, BoardRotated):
                self._flash_section(event.section)
            elif isinstance(event, HERO_EVENTS):
                self._animate_hero(event, cubes)
            elif isinstance(event, quodd_sheep.SHEEP_EVENTS):
                quodd_sheep.animate(self, event)
            elif isinstance(event, quodd_platforms.EVENTS):
                quodd_platforms.animate(self, event, self._ride_platform)
            elif isinstance(event, quodd_beams.EVENTS):
                quodd_beams.animate(self, event)
            else:
                quodd_bombs.animate(self, event)
        quodd_upkeep.close(self, events)
        self._marker = None

    def show_roll(self, index: int, replay: bool = False) -> bool:
        """Move ``index``'s dice in the tray again (from the full log); False if it rolled
        none (the tray is left as it was)."""
        match = self.match
        if not 0 <= index < len(match.history):
            return False
        events = [e for e in match.history[index] if e.visible_to(self.host.viewer_seat)]
        names = [self.host.player_name(s) for s in range(len(self.state.heroes))]
        labels = getattr(self.host, "labels", None)
        title = action_text(match, index, self.host.viewer_seat, names, labels=labels)
        title = _("Replay: {action}").format(action=title) if replay else title
        roll = roll_of(events, title=title)
        if roll is None:
            return False
        roll.verdict = quodd_log.roll_verdict(events)
        self.tray.show(roll)
        self.tray_seat = next(
            (e.data.get("hero") for e in events if isinstance(e, DiceRolled)), None
        )
        return True

    def fill_tray(self, events: list[Event]) -> None:
        """The dice of the action just played in the tray (none rolled: the tray empties)."""
        roll = roll_of(events, title=self.last_move_text())
        if roll is not None:
            roll.verdict = quodd_log.roll_verdict(events)
        self.tray.show(roll)
        self.tray_seat = next(
            (e.data.get("hero") for e in events if isinstance(e, DiceRolled)), None
        )

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The tray beside the hero who rolled (hidden while the pointer is under it)."""
        if self.tray.roll is None or self.anims.busy:
            return
        if self.tray.rect.collidepoint(self.hover_pos):
            return
        anchor = pygame.Rect(self.board_rect.centerx, self.board_rect.top, 0, 0)
        seat = self.tray_seat
        if isinstance(seat, int) and 0 <= seat < len(self.state.heroes):
            anchor = self.cell_rect(self.state.heroes[seat].pos)
        self.tray.draw(surface, self.theme, anchor, self.board_rect)

    def _ride_platform(self, seat: int, start: Cell, end: Cell) -> None:
        """A hero riding a moving platform glides along with its planks."""
        cube = self.state.heroes[seat].cube
        move = HeroMove(self, seat, self.centre(start), self.centre(end), cube, cube, duration=0.45)
        self.anims.add(move, parallel=True)

    def _flash_section(self, index: int) -> None:
        section = self.state.board.sections[index]
        rect = pygame.Rect(
            self.origin[0] + section.x * self.cell,
            self.origin[1] + section.y * self.cell,
            section.width * self.cell,
            section.height * self.cell,
        )
        self.anims.add(Flash(rect, T.ACCENT, 0.45))

    def _animate_hero(self, event: Event, cubes: dict[int, Cube]) -> None:
        """A hero's move, spin or fall; ``cubes`` holds each hero's cube as shown so far."""
        data = event.data
        seat = data.get("hero")
        if not isinstance(seat, int) or not 0 <= seat < len(self.state.heroes):
            return
        before = cubes[seat]
        after = Cube.from_tuple(data["cube"]) if "cube" in data else before
        cubes[seat] = after
        if isinstance(event, Spun):
            pos = self.centre(self.state.heroes[seat].pos)
            self.anims.add(HeroMove(self, seat, pos, pos, before, after, "spin", event.spin, 0.35))
            return
        if isinstance(event, Fell):
            self.anims.add(Flash(self.cell_rect((event.at[0], event.at[1])), T.BAD, 0.3))
            return
        start = self.centre(tuple(data["from"]))
        end = self.centre(tuple(data["to"]))
        if isinstance(event, Tumbled):
            self.anims.add(HeroMove(self, seat, start, end, before, after, "roll", event.direction))
        elif isinstance(event, Carried):
            self._animate_ride(seat, data, before)
        elif isinstance(event, BLINK_EVENTS):
            colour = T.ACCENT if isinstance(event, Respawned) else art.PURPLE
            self.anims.add(HeroMove(self, seat, start, end, before, after, "warp", "", 0.45))
            for cell in (tuple(data["from"]), tuple(data["to"])):
                rect = self.cell_rect(cell).inflate(self.cell // 2, self.cell // 2)
                self.anims.add(Flash(rect, colour, 0.45, circle=True), parallel=True)
        else:  # a glide, or a hop for the jumps
            mode = "hop" if isinstance(event, JUMP_EVENTS) else "glide"
            self.anims.add(HeroMove(self, seat, start, end, before, after, mode, duration=0.32))
            if isinstance(event, Sprung):
                ring = self.cell_rect(tuple(data["from"]))
                self.anims.add(Flash(ring, art.GOLD, 0.32, circle=True), parallel=True)

    def _animate_ride(self, seat: int, data: Any, cube: Cube) -> None:
        """A current ride (one event however many squares): a glide with the current's ripple
        under the hero for every square of its ``path``."""
        cells = [tuple(data["from"])] + [tuple(c) for c in data.get("path", [data["to"]])]
        for a, b in zip(cells, cells[1:], strict=False):
            move = HeroMove(self, seat, self.centre(a), self.centre(b), cube, cube, duration=0.32)
            self.anims.add(move)
            ring = self.cell_rect(a).inflate(-self.cell // 4, 0)
            self.anims.add(Flash(ring, WATER_RING, 0.32, circle=True), parallel=True)

    def _cubes_before(self, events: list[Event]) -> dict[int, Cube]:
        """Each hero's cube as it was before these events: worked back from the first event
        that reports the cube after it (a tumble, a spin, a respawn)."""
        out = {hero.seat: hero.cube for hero in self.state.heroes}
        seen: set[int] = set()
        for event in events:
            seat = event.data.get("hero")
            if not isinstance(seat, int) or seat in seen or "cube" not in event.data:
                continue
            seen.add(seat)
            after = Cube.from_tuple(event.data["cube"])
            if isinstance(event, Tumbled):
                out[seat] = after.tumble(OPPOSITE[event.direction])
            elif isinstance(event, Spun):
                out[seat] = after.spin(-1 if event.data.get("spin") == "cw" else 1)
            else:  # a respawn resets the cube: the one shown before is the one to start from
                out[seat] = self.shown.get(seat, after)
        return out

    def record_result(self) -> None:
        """Keep the result of a solo or tutorial scenario (once per match)."""
        state = self.state
        if self.recorded or state.objective.get("mode") == "ffa":
            return
        from riotsim.games.quodd import results

        results.record(state.scenario, self.match.outcome())
        self.recorded = True

    def hero_anim(self, seat: int) -> HeroMove | None:
        for step_ in self.anims.steps:
            for anim in step_:
                if isinstance(anim, HeroMove) and anim.key == seat:
                    return anim
        return None

    # -- drawing -------------------------------------------------------------------------
    def _board_layer(self) -> pygame.Surface:
        """Ground and elements, drawn once per position (the board only changes by actions)."""
        board = self.state.board
        # rebuilt only when the board itself changed (tokens, or ground turned with a board)
        key = (hash(frozenset(board.tokens.items())), id(board.ground), self.cell, board.width)
        if self._layer_key != key:
            layer = pygame.Surface((board.width * self.cell, board.height * self.cell))
            for cell in board.cells():
                rect = pygame.Rect(cell[0] * self.cell, cell[1] * self.cell, self.cell, self.cell)
                art.ground(layer, board.ground[cell], rect)
                for tok in board.at(cell):
                    if tok.kind == "sheep":  # sheep walk: drawn each frame (quodd_sheep)
                        continue
                    drawn = quodd_bombs.draw_token(layer, tok, rect)
                    if not drawn and not quodd_beams.token(layer, tok, rect):
                        art.token(layer, tok, rect)
            for section in board.sections:
                outline = pygame.Rect(
                    section.x * self.cell,
                    section.y * self.cell,
                    section.width * self.cell,
                    section.height * self.cell,
                )
                pygame.draw.rect(layer, (60, 70, 50), outline, 2)
            self._layer_surface = layer
            self._layer_key = key
        return self._layer_surface

    def _glow(self) -> pygame.Surface:
        """The translucent highlight of one reachable square."""
        key = (self.cell, T.palette())
        if self._glow_key != key:
            glow = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            rect = glow.get_rect().inflate(-4, -4)
            pygame.draw.rect(glow, (*T.ACCENT, 110), rect, border_radius=6)
            # corner brackets: a reachable square differs by its outline, not only its tint
            arm, w = max(4, self.cell // 5), max(2, self.cell // 20)
            for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                x = rect.right - 1 if sx else rect.left
                y = rect.bottom - 1 if sy else rect.top
                dx, dy = (-arm if sx else arm), (-arm if sy else arm)
                pygame.draw.lines(
                    glow, (*T.ACCENT, 235), False, [(x + dx, y), (x, y), (x, y + dy)], w
                )
            self._glow_surface = glow
            self._glow_key = key
        return self._glow_surface

    def cube_side(self) -> float:
        return self.cell * CUBE_SIDE

    def draw_hero(
        self,
        surface,
        seat: int,
        centre,
        cube: Cube,
        *,
        tumble: tuple[str, float] | None = None,
        spin: float = 0.0,
        lift: float = 0.0,
        scale: float = 1.0,
    ) -> None:
        """A hero cube standing on the square centred at ``centre``, part-way through a
        tumble (direction, progress 0..1), a spin (quarter turns) or a hop if asked."""
        hero = self.state.heroes[seat]
        colour = _hex(catalog.heroes()[hero.hero].colour)
        side = self.cube_side()
        # the cube's bottom sits a little below the centre, so the raised top face stays
        # mostly inside its own square
        base = (centre[0] + side * 0.14, centre[1] + side * 0.3)
        labels = {face: art.face_skill(face, hero.skills) for face in quodd_cube.NORMALS}
        quodd_cube.draw_cube(
            surface,
            base,
            side,
            cube,
            labels,
            colour,
            set(hero.upgraded),
            tumble=(tumble[0], tumble[1] * math.pi / 2) if tumble else None,
            spin=spin * math.pi / 2,
            lift=lift,
            scale=scale,
        )
        if scale < 0.99:
            return
        # the seat's colour and shape, so players tell heroes apart without colour alone
        # in the square's corner, clear of the faces
        marker = (centre[0] + self.cell * 0.42, centre[1] - self.cell * 0.42 - lift)
        # a buddy shows whose it is: its controller's colour and shape, and a small mark
        owner = hero.controller
        draw.seat_marker(
            surface,
            self.host.seat_shape(owner),
            self.host.seat_colour(owner),
            marker,
            self.cell * 0.09,
        )
        if hero.buddy:
            art.letter(
                surface,
                tr(BUDDY_MARK),
                pygame.Rect(
                    marker[0] - self.cell * 0.2, marker[1], self.cell * 0.4, self.cell * 0.2
                ),
                self.host.seat_colour(owner),
                0.9,
            )
        if hero.carrying:
            art.letter(
                surface,
                str(len(hero.carrying)),
                pygame.Rect(
                    centre[0] - self.cell * 0.5,
                    centre[1] - self.cell * 0.55 - lift,
                    self.cell * 0.3,
                    self.cell * 0.3,
                ),
                art.GOLD,
                0.9,
            )

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        state = self.state
        layer = self._board_layer()
        ox, oy = self.origin
        clip = surface.get_clip()
        surface.set_clip(self.board_rect.clip(clip))
        for section in state.board.sections:  # opaque blits, section by section
            area = pygame.Rect(
                section.x * self.cell,
                section.y * self.cell,
                section.width * self.cell,
                section.height * self.cell,
            )
            surface.blit(layer, (ox + area.x, oy + area.y), area)
        quodd_platforms.draw(self, surface)
        quodd_beams.draw(self, surface)
        self.pump_reach()
        glow = self._glow()
        for cell in self.reach:
            surface.blit(glow, (ox + cell[0] * self.cell, oy + cell[1] * self.cell))
        self.hl.draw(surface)
        if len(self.preview) > 1:
            points = [self.centre(c) for c in self.preview]
            pygame.draw.lines(surface, T.ACCENT_HI, False, points, 4)
        quodd_bombs.draw_bombs(self, surface)
        quodd_sheep.draw_flock(self, surface)
        # north to south, so a cube in front overlaps the one behind it
        for hero in sorted(state.heroes, key=lambda h: (h.pos[1], h.pos[0])):
            anim = self.hero_anim(hero.seat)
            if anim is not None:
                if anim not in self.anims.active:
                    self.draw_hero(surface, hero.seat, anim.start, anim.cube_before)
                continue
            self.draw_hero(surface, hero.seat, self.centre(hero.pos), hero.cube)
            self.shown[hero.seat] = hero.cube
        quodd_tumble.draw_preview(self, surface)
        self.marks.draw(surface, max(2, self.cell // 16))
        hint = self.current_hint()
        if hint is not None:
            quodd_hint.draw_path(self, surface, hint)
        surface.set_clip(clip)
        self.draw_tray(surface)
        self.card_targets = []
        self.tip_targets = []
        self.refuse_targets = []
        self.draw_panel(surface)
        super().draw(surface)
        quodd_upkeep.draw_caption(self, surface)
        quodd_hint.draw_caption(self, surface, hint, self.hint_thinking)
        if hint is not None:
            quodd_hint.draw_panel_marks(self, surface, hint)
        if not quodd_bar.draw_bar_tip(self, surface) and not quodd_bar.draw_card_tip(self, surface):
            self.draw_tooltip(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """What the square under the pointer holds, in the one tooltip beside it (the panel
        keeps its layout while the pointer moves)."""
        hover = self.hover_cell
        about = self.hover_text() if hover is not None else ""
        if hover is None or not about:
            return
        title, _sep, text = about.partition(": ") if ": " in about else ("", "", about)
        text = text[:1].upper() + text[1:]
        draw_tooltip(surface, self.theme, self.cell_rect(hover), text, self.rect, title=title)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The panel: its texts, the player board and the lineup, then the choice buttons
        under them; where the texts need more room than the buttons leave them, they scroll
        (quodd_panel) and the buttons keep the bottom of the panel."""
        spec = catalog.scenarios().get(self.state.scenario)
        title = tr(spec.name) if spec else _("Quodd Heroes")
        inner = side_panel(surface, self.panel_rect, self.theme, title, T.ACCENT)
        gap = self.theme.px(6)
        row = self._button_row() if self._other else 0
        keep = min(3, len(self._other)) * row  # the buttons' least room: choices come first
        area = pygame.Rect(inner.left, inner.top, inner.w, inner.h - (keep + gap if keep else 0))
        self.panel_view = area
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        top = inner.top - self.panel_scroll
        y = self._draw_panel_content(surface, inner, top, gap)
        surface.set_clip(clip)
        self.panel_scroll_max = max(0, y - gap - top - area.h)
        self.panel_scroll = min(self.panel_scroll, self.panel_scroll_max)
        quodd_panel.clip_targets(self, area)
        if self.panel_scroll_max:
            quodd_panel.scrollbar(surface, self.theme, area.inflate(-self.theme.px(4), 0), self)
            y = area.bottom + gap
        if self._other:
            self._draw_panel_buttons(surface, inner, min(y, area.bottom + gap), row)

    def _draw_panel_content(self, surface, inner: pygame.Rect, y: int, gap: int) -> int:
        """Everything above the buttons from ``y``; returns the y under it."""
        y = self._draw_round_tracker(surface, inner, y, gap)
        y = quodd_seats.draw_seats(self, surface, inner, y)
        from riotsim.ui.views import quodd_time

        y = quodd_time.draw_tracker(surface, self.state, self.theme, inner, y)  # issue 13 K2
        y = self._draw_panel_texts(surface, inner, y, gap)
        y = self.draw_player_board(surface, inner, y) + gap
        return self.draw_lineup(surface, inner, y) + gap

    def _button_row(self) -> int:
        """One choice button's height and the gap under it (taller for a larger text)."""
        labels = [item.label for item in self._other] + [_("More choices ({page}/{pages})")]
        width = self.panel_rect.w - 2 * self.theme.px(16)  # (side_panel's inner width)
        return quodd_panel.button_height(self.theme, labels, width) + 4

    def _draw_round_tracker(self, surface, inner: pygame.Rect, y: int, gap: int) -> int:
        """The round, and a pip per round of the time limit (the current one lit)."""
        state = self.state
        theme = self.theme
        limit = state.round_limit
        text = (
            _("Round {n} of {limit}").format(n=state.round, limit=limit)
            if limit
            else _("Round {n}").format(n=state.round)
        )
        bold = theme.fonts.get(14, "Bold")
        y = draw.text(surface, text, bold, T.TEXT, (inner.left, y)).bottom + gap
        if not limit:
            return y
        pip = max(4, min(theme.px(14), inner.w // max(1, limit) - 3))
        for i in range(limit):
            r = pygame.Rect(inner.left + i * (pip + 3), y, pip, pip)
            colour = (
                T.TEXT_DIM
                if i < state.round - 1
                else (T.ACCENT if i == state.round - 1 else T.PANEL_HI)
            )
            # rounds to come are hollow, the current one is outlined: not only colours
            future = i > state.round - 1
            pygame.draw.rect(surface, colour, r, 1 if future else 0, border_radius=3)
            if i == state.round - 1:
                pygame.draw.rect(surface, T.TEXT, r.inflate(2, 2), 2, border_radius=4)
        return y + pip + gap

    def _draw_panel_texts(self, surface, inner: pygame.Rect, y: int, gap: int) -> int:
        """Objective, record, hint, status, the last move and any message, in that order."""
        state = self.state
        small = self.theme.fonts.get(13)
        bold = self.theme.fonts.get(14, "Bold")
        left, width = inner.left, inner.w
        objective = self.objective_text()
        y = quodd_panel.wrapped(surface, objective, small, T.TEXT, (left, y), width).bottom + gap
        record = self.best_text()
        if record:
            y = quodd_panel.wrapped(surface, record, small, T.TEXT_DIM, (left, y), width).bottom
            y += gap
        if state.hint and state.phase != "over":  # a finished game needs no more hints
            hint = _("Hint: {hint}").format(hint=tr(state.hint))
            y = quodd_panel.wrapped(surface, hint, small, T.ACCENT_HI, (left, y), width).bottom
            y += gap
        y = quodd_panel.wrapped(surface, self.status_text(), bold, T.TEXT, (left, y), width).bottom
        y += gap
        last = self.last_move_text()
        if last:
            text = _("Last: {move}").format(move=last)
            for line in [text, *self.side_log()]:
                y = quodd_panel.wrapped(surface, line, small, T.TEXT_DIM, (left, y), width).bottom
            y += gap
        if self.message:
            y = quodd_panel.wrapped(surface, self.message, small, T.BAD, (left, y), width).bottom
            y += gap
        return y

    def _draw_panel_buttons(self, surface, inner: pygame.Rect, y: int, row: int) -> None:
        """The choice buttons under the panel's text, under the heading of their group
        (``row``: a button's height and the gap under it)."""
        theme = self.theme
        group = self.bar[0].group if self.bar else ""
        head = theme.fonts.get(12, "Bold")
        # the heading only where it costs no page of buttons
        room = inner.bottom - y - draw.line_step(head) - 4
        if group and room >= max(3, len(self._other)) * row:
            y = draw.text(surface, group.upper(), head, T.TEXT_DIM, (inner.left, y)).bottom + 4
        # as many buttons a page as fit under the panel's text (a small window pages sooner)
        height = max(inner.bottom - y, min(3, len(self._other)) * row)
        area = pygame.Rect(inner.left, inner.bottom - height, inner.w, height)
        fits = max(2, min(BUTTONS_PER_PAGE, (height + 4) // row))
        if fits != self.per_page:
            self.per_page = fits
            self.build_buttons()
        n = len(self.buttons.buttons)
        least = row - 4
        item = max(least, min(max(least, theme.px(32)), (height - 4 * (n - 1)) // n))
        self.buttons.layout(area, gap=4, item=item)
        self.buttons.draw(surface, theme)

    def handoff_note(self, seat: int) -> str:
        """The hand-off screen's line: whose hands show to ``seat`` (teammates who may trade)."""
        return quodd_seats.handoff_note(self.match.ruleset, self.state, seat, self.host.player_name)

    def objective_text(self) -> str:
        state = self.state
        obj = state.objective
        if not obj:
            return ""
        from riotsim.games.quodd import scenario

        kind = obj.get("type")
        target = obj.get("target")
        done = scenario.team_progress(state)
        words = {
            "rally": _("rally markers"),
            "escape": _("exit reached"),
            "crystals": _("crystals delivered"),
            "treasure": _("treasures found"),
            "sheep": _("sheep herded"),
        }.get(kind, kind)
        if obj.get("mode") == "ffa":
            parts = [
                f"{self.host.player_name(h.seat)} {scenario.progress(state, h)}"
                for h in state.heroes
            ]
            return _("First to {target} {goal}: {progress}").format(
                target=target, goal=words, progress=", ".join(parts)
            )
        return _("Objective: {done}/{target} {goal}").format(done=done, target=target, goal=words)

    def hover_text(self) -> str:
        """What the square under the cursor holds, in words."""
        cell = self.hover_cell
        if cell is None:
            return ""
        state = self.state
        parts = []
        preview = quodd_tumble.preview_text(self, cell)
        if preview:
            parts.append(preview)
        hero = state.hero_at(cell)
        if hero is not None:
            top = tr(art.SKILL_NAMES.get(art.face_skill(hero.cube.top, hero.skills), "?"))
            parts.append(_("{hero}: {skill} on top").format(hero=tr(hero.name), skill=top))
        parts += quodd_tokens.square_text(state, cell)
        for tok in state.board.at(cell):
            text = tr(ELEMENT_TEXT.get(tok.kind, "")) or quodd_tokens.token_text(tok) or tok.kind
            if tok.kind == "sheep":
                text = quodd_sheep.tooltip(tok)
            if tok.kind in ("rally", "start") and tok.get("number") is not None:
                name, colon, rest = text.partition(":")  # "Rally marker 3: reach them ..."
                text = f"{name} {tok.get('number')}{colon}{rest}"
            parts.append(text)
        if not parts:
            parts.append(state.board.ground.get(cell, "").capitalize())
        return "; ".join(parts)

    def best_text(self) -> str:
        state = self.state
        if state.objective.get("mode") == "ffa":
            return ""
        from riotsim.games.quodd import results

        key = (state.scenario, self.recorded)
        if self._best_key != key:  # the results file is read once, not every frame
            self._best_entry = results.best(state.scenario)
            self._best_key = key
        entry = self._best_entry
        if not entry:
            return ""
        rounds = entry.get("best_rounds")
        won = _("best: won in {n} rounds").format(n=rounds) if rounds else _("not won yet")
        return _("Played {plays}, won {wins} ({best})").format(
            plays=entry["plays"], wins=entry["wins"], best=won
        )

    def status_text(self) -> str:
        state = self.state
        if state.phase == "over":
            spec = catalog.scenarios().get(state.scenario)
            if state.winners and spec is not None and spec.mode != "ffa":
                nxt = catalog.scenarios().get(spec.next or "")
                more = " " + _("Next: {scenario}.").format(scenario=tr(nxt.name)) if nxt else ""
                return _("Won in {n} rounds!").format(n=state.round) + more
            return _("Game over: {reason}").format(reason=tr(state.reason))
        seat = self.match.to_move()
        who = self.host.player_name(seat) if seat is not None else ""
        if not self._my_turn():
            who = seat_label(self.host, seat) if seat is not None else ""  # "Ugo (Hard bot)"
            if not who:
                return self.step_name()
            return _("Next: {player} - {step}").format(player=who, step=self.step_name())
        if state.pending:
            kind = state.pending[-1].kind
            found = PROMPTS.get(kind)
            prompt = tr(found) if found else _("choose: {what}").format(what=kind.replace("_", " "))
            return f"{who}: {prompt}"
        if state.phase == "movement":
            turn = state.turn
            if turn.stage == "natural":
                return _("{player}: natural tumble - click a square next to your hero").format(
                    player=who
                )
            skill = tr(art.SKILL_NAMES.get(turn.skill or "", turn.skill or ""))
            if turn.stage == "q":
                return _("{player}: Q-Powers").format(player=who)
            if turn.remaining <= 0 and any(a.kind == "steal" for a in self.match.legal_actions()):
                return _("{player}: {skill} done - steal from a neighbour, or stop").format(
                    player=who, skill=skill
                )
            return _("{player}: {skill}, {n} movement left").format(
                player=who, skill=skill, n=turn.remaining
            )
        self.refresh()
        prompt = tr(PHASE_PROMPTS.get(state.phase, self.step_name()))
        space = [p for p in ("move", "stop", "explore", "done") if p in self._other_texts()]
        if state.phase in ("powerup", "recovery", "explore") and space:
            # say what the panel offers: cards to play first, or the button to go on
            cards = any(a.kind == "play" for a in self._hand_actions)
            label = describe_action(self.match.ruleset, state, Action.parse(space[0]))
            if cards:
                prompt = _("{prompt} - play a card or {action} (Space)").format(
                    prompt=prompt, action=label.lower()
                )
            else:
                prompt = _("{prompt} - {action} (Space)").format(prompt=prompt, action=label)
        return f"{who}: {prompt}"

    def _other_texts(self) -> set[str]:
        return {str(item.action) for item in self._other if item.action is not None}

    def step_name(self) -> str:
        """What the game waits for, named without telling anyone to click (a bot's turn, a
        hand-off, a replay)."""
        state = self.state
        if state.pending:
            return tr(
                STEP_NAMES.get(state.pending[-1].kind, state.pending[-1].kind.replace("_", " "))
            )
        if state.phase == "movement":
            turn = state.turn
            if turn.stage == "natural":
                return _("natural tumble")
            if turn.stage == "q":
                return _("Q-Powers")
            skill = tr(art.SKILL_NAMES.get(turn.skill or "", turn.skill or ""))
            return _("{skill}, {n} movement left").format(skill=skill, n=turn.remaining)
        return tr(PHASE_NAMES.get(state.phase, state.phase))

    def side_log(self) -> list[str]:
        """The last action's lines, as the full log words them."""
        over = self.state.phase == "over"
        return quodd_log.last_lines(self, self.host.viewer_seat, over)

    def log_blocks(self, viewer: int | None, reveal_all: bool) -> list[tuple[str, str]]:
        """The full log (L): the side log's words, a heading per action."""
        return quodd_log.log_blocks(self, viewer, reveal_all)

    def last_move_text(self) -> str:
        """The last logged move as the viewer may read it, with the label written when it was
        played (a private draw shows only to its owner)."""
        match = self.match
        if not match.log:
            return ""
        names = [self.host.player_name(h.seat) for h in self.state.heroes]
        labels = getattr(self.host, "labels", None)
        finished = self.state.phase == "over"
        index = len(match.log) - 1
        return action_text(match, index, self.host.viewer_seat, names, finished, labels)

    def board_hero(self) -> int:
        """The hero whose player board the panel shows: the hero the rules wait on when the
        viewer controls it (a buddy on its turn), else the viewer's own hero."""
        from riotsim.games.quodd import actions

        state = self.state
        acting = actions.to_act(state)
        seat = self.host.viewer_seat
        if seat is None or (acting is not None and state.seat_of(acting) == seat):
            return state.active if acting is None else acting
        mine = [h.seat for h in state.heroes_of(seat) if not h.buddy]
        return mine[0] if mine else state.active

    def draw_player_board(self, surface, inner: pygame.Rect, y: int) -> int:
        """Cube net with skills, the upgrade track, Item/Pet slots and the hand."""
        state = self.state
        seat = self.board_hero()
        hero = state.heroes[seat]
        theme = self.theme
        s = theme.px(30)
        name = f"{tr(hero.name)} ({self.host.player_name(hero.controller)})"
        if hero.buddy:
            name = _("{hero} - buddy").format(hero=name)
        bold = theme.fonts.get(13, "Bold")
        y = quodd_panel.wrapped(surface, name, bold, T.TEXT, (inner.left, y), inner.w).bottom + 4
        self._draw_cube_net(surface, hero, inner.left, y, s)
        # the hero's cube as it stands now, large: the top and two side faces with icons
        big = theme.px(58)
        box = pygame.Rect(inner.left + 3 * s + theme.px(6), y, theme.px(100), 4 * s)
        colour = _hex(catalog.heroes()[hero.hero].colour)
        labels = {face: art.face_skill(face, hero.skills) for face in quodd_cube.NORMALS}
        centre = (box.centerx + big * 0.15, box.centery + big * 0.45)
        quodd_cube.draw_cube(surface, centre, big, hero.cube, labels, colour, set(hero.upgraded))
        ty = self._draw_track_and_slots(surface, hero, box.right + theme.px(6), y, inner.right)
        y = max(y + 4 * s, ty) + 4
        if hero.buddy:
            text = _("A buddy has no hand: what it explores goes to its player's hand.")
            small = theme.fonts.get(12)
            return quodd_panel.wrapped(
                surface, text, small, T.TEXT_DIM, (inner.left, y), inner.w
            ).bottom
        if self.host.viewer_seat == hero.controller:
            return self._draw_hand(surface, hero, inner, y)
        n = len(hero.hand)
        text = ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
        small = theme.fonts.get(12)
        return draw.text(surface, text, small, T.TEXT_DIM, (inner.left, y)).bottom

    def _draw_cube_net(self, surface, hero: Any, left: int, top: int, s: int) -> None:
        """The six faces laid out flat, each with its skill's icon (gold when upgraded)."""
        for face, (cx, cy) in CUBE_NET.items():
            r = pygame.Rect(left + cx * s, top + cy * s, s - 2, s - 2)
            on_top = hero.cube.top == face
            pygame.draw.rect(surface, T.ACCENT if on_top else T.PANEL_HI, r, border_radius=4)
            if on_top:  # the top face is outlined as well as lit
                pygame.draw.rect(surface, T.TEXT, r, 2, border_radius=4)
            skill = art.face_skill(face, hero.skills)
            colour = art.GOLD if skill in hero.upgraded else T.TEXT
            quodd_cube.draw_icon(surface, skill, r.inflate(-6, -6), colour)
            if skill in hero.upgraded:  # upgraded: a star in the corner, not only gold
                draw.sign(surface, "star", (r.right - s // 6, r.top + s // 6), s / 8, art.GOLD)
            self.tip_targets.append((r, *quodd_bar.skill_text(face, skill, hero)))

    def _draw_track_and_slots(self, surface, hero: Any, x: int, y: int, right: int) -> int:
        """The upgrade track's six places, then the Item and Pet slots of the player board
        with how many of each the hero may hold; returns the bottom."""
        from riotsim.games.quodd import abilities

        small = self.theme.fonts.get(12)
        if hero.side == "b":
            y = self._draw_face_slots(surface, hero, x, y, right)
        for i in range(6 if hero.side != "b" else 0):
            label = "-"
            if i < len(hero.track):
                tile, side = hero.track[i]
                label = tr(catalog.upgrade_tile(hero.hero, tile).side(side).label)
            line = f"{i + 1}. {label}"
            box = quodd_panel.wrapped(surface, line, small, T.TEXT_DIM, (x, y), right - x)
            if i < len(hero.track):
                self.tip_targets.append((box, *quodd_bar.upgrade_text(*hero.track[i])))
            y = box.bottom
        cards = catalog.cards()
        for label, held, slots in (
            (_("Item"), hero.items, abilities.item_slots(hero)),
            (_("Pet"), hero.pets, abilities.pet_slots(hero)),
        ):
            names = ", ".join(tr(cards[c].name) for c in held) or _("empty")
            line = f"{label} ({len(held)}/{slots}): {names}"
            colour = T.TEXT if held else T.TEXT_DIM
            box = quodd_panel.wrapped(surface, line, small, colour, (x, y), right - x)
            if held:
                texts = [quodd_bar.card_text(c) for c in held]
                title = ", ".join(t for t, _text in texts)
                self.tip_targets.append((box, title, " ".join(t for _title, t in texts)))
            y = box.bottom
        return y

    def _draw_face_slots(self, surface, hero: Any, x: int, y: int, right: int) -> int:
        """Player Board B-Side: the six face slots, each with its tile (lit once the face
        activated this turn); returns the bottom."""
        small = self.theme.fonts.get(12)
        for face, line in quodd_bar.face_slot_lines(hero):
            colour = T.ACCENT if face in hero.lit else T.TEXT_DIM
            lit = face in hero.lit
            room = right - x - (small.get_height() if lit else 0)
            box = draw.text(surface, line, small, colour, (x, y), max_width=room)
            if lit:  # a lit slot has a check mark after it, not only its colour
                at = (box.right + small.get_height() // 2, box.centery)
                draw.sign(surface, "check", at, small.get_height() / 4, colour)
            if face in hero.slots:
                self.tip_targets.append((box, *quodd_bar.upgrade_text(*hero.slots[face])))
            y = box.bottom
        return y

    def _draw_hand(self, surface, hero: Any, inner: pygame.Rect, y: int) -> int:
        """The viewer's hand: a row per card, lit (and clickable) when it may be played."""
        small = self.theme.fonts.get(12)
        cards = catalog.cards()
        for card in hero.hand:
            action = next(
                (a for a in self._hand_actions if a.kind == "play" and a.get("card") == card),
                None,
            )
            spec = cards[card]
            # the card's name and its text on up to two lines, so the effect can be read
            lines = draw.wrap(f"{tr(spec.name)} - {tr(spec.text)}", small, inner.w - 8)[:2]
            line_h = small.get_linesize()
            r = pygame.Rect(inner.left, y, inner.w, line_h * len(lines) + 4)
            colour = T.BUTTON_HI if action else T.PANEL_HI
            pygame.draw.rect(surface, colour, r, border_radius=4)
            for i, line in enumerate(lines):
                at = (r.left + 4, r.top + 2 + i * line_h)
                draw.text(surface, line, small, T.TEXT, at, max_width=r.w - 8)
            if action is not None:
                self.card_targets.append((r, action))
            else:
                self.refuse_targets.append((r, Action.make("play", card=card)))
            self.tip_targets.append((r, *self.card_tip(card)))
            y = r.bottom + 2
        return y

    def card_tip(self, card: str) -> tuple[str, str]:
        """A hand card's tooltip: its text, and why it cannot be played now (the menu's)."""
        title, text = quodd_bar.card_text(card)
        label = quodd_menu.play_label(card)  # the menu's own label for it
        why = next((e.reason for e in self.menu if e.action is None and e.label == label), "")
        return title, text + ("  " + _("Not now: {reason}.").format(reason=why) if why else "")

    def draw_lineup(self, surface, inner: pygame.Rect, y: int) -> int:
        state = self.state
        if not state.lineup and not state.deck:
            return y
        theme = self.theme
        small = theme.fonts.get(12)
        heading = _("Exploration lineup (deck {n})").format(n=len(state.deck))
        bold = theme.fonts.get(13, "Bold")
        y = quodd_panel.wrapped(surface, heading, bold, T.TEXT_DIM, (inner.left, y), inner.w).bottom
        y += 2
        cards = catalog.cards()
        row_h = max(theme.px(18), small.get_height() + 2)  # (a larger text, a taller row)
        for i, card in enumerate(state.lineup):
            r = pygame.Rect(inner.left, y, inner.w, row_h)
            action = Action.make("draw", src="lineup", i=i)
            live = action in self._hand_actions
            pygame.draw.rect(surface, T.BUTTON_HI if live else T.PANEL_HI, r, border_radius=4)
            spec = cards[card]
            draw.text(
                surface,
                f"{tr(spec.name)} ({quodd_bar.card_type(str(spec.type))})",
                small,
                T.TEXT,
                (r.left + 4, r.top + 1),
                max_width=r.w - 8,
            )
            if live:
                self.card_targets.append((r, action))
            else:
                self.refuse_targets.append((r, action))
            self.tip_targets.append((r, *quodd_bar.card_text(card)))
            y = r.bottom + 2
        deck = Action.make("draw", src="deck")
        if deck in self._hand_actions:
            r = pygame.Rect(inner.left, y, inner.w, row_h)
            pygame.draw.rect(surface, T.BUTTON_HI, r, border_radius=4)
            draw.text(surface, _("Top of the deck"), small, T.TEXT, (r.left + 4, r.top + 1))
            self.card_targets.append((r, deck))
            y = r.bottom + 2
        return y


def _follow(start: int, room: int, size: int, focus: int) -> int:
    """Where a board ``size`` long starts in ``room`` from ``start``: centred when it fits,
    else with the ``focus`` point as near the middle as the edges allow."""
    if size <= room:
        return start + (room - size) // 2
    return max(start + room - size, min(start, start + room // 2 - focus))


def _hex(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


VIEW = QuoddView
