"""Keyboard play (issue 17, Accessibility: "every game fully playable with the keyboard
alone"): each game's whole turn played by key events only, posted through the app as a
keyboard would, and the focus ring's moves (riotsim.ui.views.keyfocus)."""

from __future__ import annotations

from collections import deque

import pygame
import pytest
from ui_helpers import frames

from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.ui.scenes.game import start_match
from riotsim.ui.views.base import logged_mover
from riotsim.ui.views.keyfocus import ARROW_DIRECTIONS, Group, arrow_step

CODES = {
    "tab": pygame.K_TAB,
    "return": pygame.K_RETURN,
    "space": pygame.K_SPACE,
    "escape": pygame.K_ESCAPE,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
}


def new_match(game: str, players: int = 2, seed: int = 3, bots=(), **options):
    names = ("Rosa", "Dez", "Kim", "Noor")
    specs = tuple(
        PlayerSpec(names[i], bot=bots[i] if i < len(bots) else None) for i in range(players)
    )
    setup = GameSetup(specs, seed=seed, options=dict(options))
    match = Match(registry.get(game), setup, game_id=game)
    return match


def open_scene(app, match):
    scene = start_match(app, match)
    settle(app, scene)
    if scene.covered:
        press(app, "space")  # the hand-off screen: Space shows the table
    return scene


def settle(app, scene) -> None:
    """Frames until the table's animations are over (as a player waits to see them)."""
    frames(app, 1)
    for _ in range(200):
        if not scene._animating():
            break
        frames(app, 1, dt=0.1)
    frames(app, 1)


def press(app, name: str) -> None:
    """One key as the keyboard sends it: a KEYDOWN through the app's event handling."""
    mod = pygame.KMOD_SHIFT if name.startswith("shift+") else pygame.KMOD_NONE
    code = CODES[name.removeprefix("shift+")]
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
    scene = app.stack.top
    if scene is not None and hasattr(scene, "_animating"):
        settle(app, scene)
    else:
        frames(app, 1)


def groups(scene) -> dict[str, Group]:
    return {g.name: g for g in scene.view.all_focus_groups()}


def tab_to(app, scene, name: str) -> None:
    """Tab until the ring is on group ``name``."""
    for _ in range(12):
        ring = scene.view.ring
        if ring.shown and ring.group == name:
            return
        press(app, "tab")
    raise AssertionError(f"Tab never reached {name!r}: {list(groups(scene))}")


def arrows_to(app, scene, key) -> list[str]:
    """Press the arrows that take the ring to ``key`` within its group (the path is found
    with the ring's own rule, so only keys move it); returns the arrows pressed."""
    ring = scene.view.ring
    group = groups(scene)[ring.group]
    start = group.find(ring.key)
    assert start is not None and group.find(key) is not None, (key, ring.key)
    seen = {start.key: []}
    todo = deque([start])
    while todo and key not in seen:
        here = todo.popleft()
        for name, direction in ARROW_DIRECTIONS.items():
            there = arrow_step(group, here, direction)
            if there is not None and there.key not in seen:
                seen[there.key] = [*seen[here.key], name]
                todo.append(there)
    path = seen[key]
    for name in path:
        press(app, name)
    assert ring.key == key
    return path


def view_buttons(view) -> list:
    buttons = view.buttons
    buttons = list(getattr(buttons, "buttons", buttons))  # (Quodd's are a ButtonRow)
    return [b[0] if isinstance(b, tuple) else b for b in buttons]  # (Riot Quest's: b, click)


def button_key(scene, label: str):
    """The focus key of the view's button labelled ``label``."""
    buttons = view_buttons(scene.view)
    for target in groups(scene)["buttons"].targets:
        i = target.key[1]
        if (buttons[i].label if isinstance(i, int) else i) == label:
            return target.key
    raise AssertionError(f"no button {label!r}: {[b.label for b in buttons]}")


def play_until(match, phase: str) -> None:
    """Set-up moves before the turn under test (played on the match, not by keys)."""
    while match.state.phase != phase:
        match.apply(match.legal_actions()[0])


def press_button(app, scene, label: str) -> None:
    tab_to(app, scene, "buttons")
    arrows_to(app, scene, button_key(scene, label))
    press(app, "return")


def press_on(app, scene, group: str, key) -> None:
    tab_to(app, scene, group)
    arrows_to(app, scene, key)
    press(app, "return")


def end_phase(app, scene, start: int, label: str, kind: str) -> None:
    """Press the button that ends a phase, unless the game played it by itself (the only
    move left is played after a short beat)."""
    for _ in range(100):
        if any(a.kind == kind for a in scene.match.log[start:]):
            return
        legal = scene.match.legal_actions()
        forced = len(legal) == 1 and legal[0].kind == kind
        if not forced and label in [b.label for b in view_buttons(scene.view)]:
            press_button(app, scene, label)
        else:
            frames(app, 1, dt=0.1)
    raise AssertionError(f"{kind} never played")


def logged(match, since: int) -> list[str]:
    return [str(a) for a in match.log[since:]]


# each RIOT rule set's first turn: what to buy where, and the buttons that end its phases
RIOT_TURNS = {
    "riot": ("Buy Officer (2c, F1)...", "officer", "hq", {"Done buying": "end_purchase"}),
    "riot-pm": (
        "Buy Cadet (1c, S1)...",
        "cadet",
        "barracks",
        {"Done buying": "end_purchase", "Done with cards": "end_cards"},
    ),
}


def riot_turn(app, game: str, players: int, bots=()) -> None:
    """RIOT and Politics & Media: buy a unit at the HQ (a button, then the space), end the
    purchase, move a unit (its stack, then the space), end the move and the turn."""
    label, kind, home, ends = RIOT_TURNS[game]
    match = new_match(game, players, bots=bots)
    play_until(match, "purchase")
    scene = open_scene(app, match)
    view = scene.view
    start, seat = len(match.log), match.to_move()
    press_button(app, scene, label)
    assert view.kind_choice == kind  # Enter on the button picked what to buy
    press_on(app, scene, "cells", ("space", home))
    assert logged(match, start) == [f"buy unit={kind} at={home}"]
    for end, kind_ in ends.items():
        end_phase(app, scene, start, end, kind_)
    assert match.state.phase == "move"
    movable = {a["unit"] for a in match.legal_actions() if a.kind == "move"}
    piece = next(t.key for t in groups(scene)["pieces"].targets if t.key[1] in movable)
    press_on(app, scene, "pieces", piece)
    assert view.selected is not None  # Enter on the stack picked its unit up
    unit = view.selected
    to = next(a["to"] for a in match.legal_actions() if a.kind == "move" and a["unit"] == unit)
    press_on(app, scene, "cells", ("space", to))
    end_phase(app, scene, start, "Done moving", "end_move")
    end_phase(app, scene, start, "End turn", "end_turn")
    played = [f"buy unit={kind} at={home}", *ends.values(), f"move unit={unit} to={to}", "end_move"]
    assert logged(match, start)[: len(played) + 1] == [*played, "end_turn"]
    next_seat(app, scene, start + len(played) + 1, seat)


def next_seat(app, scene, index: int, seat: int) -> None:
    """The turn passed: the next seat decides (a bot may already have moved; a human's turn
    opens behind the hand-off screen, which Space lifts)."""
    match = scene.match
    others = set(range(len(match.setup.players))) - {seat}
    mover = logged_mover(match, index) if len(match.log) > index else match.to_move()
    assert mover in others
    if scene.is_human(mover) and len(match.log) == index:
        assert scene.covered
        press(app, "space")
        assert not scene.covered and scene.viewer_seat == mover


@pytest.mark.parametrize("game", ["riot", "riot-pm"])
def test_a_riot_turn_by_keys_two_humans(app, game):
    riot_turn(app, game, 2)


@pytest.mark.parametrize("game", ["riot", "riot-pm"])
def test_a_riot_turn_by_keys_against_a_bot(app, game):
    riot_turn(app, game, 2, bots=(None, "random"))


def wait_for(app, scene, kind: str, start: int) -> None:
    """Frames until ``kind`` was played (a forced move is played after a short beat)."""
    for _ in range(100):
        if any(a.kind == kind for a in scene.match.log[start:]):
            return
        frames(app, 1, dt=0.1)
    raise AssertionError(f"{kind} never played: {logged(scene.match, start)}")


def quodd_moves(app, scene, start: int) -> list[str]:
    """A Quodd hero's move: a tumble onto the square north of it (Enter on the square),
    then Stop moving (a button); the explore step after it is the only move and plays
    itself."""
    match = scene.match
    wait_for(app, scene, "move", start)
    settle(app, scene)
    x, y = match.state.current.pos
    press_on(app, scene, "cells", ("cell", (x, y - 1)))
    assert logged(match, start)[-1] == "tumble dir=N"
    press_button(app, scene, "Stop moving")
    wait_for(app, scene, "explore", start)
    settle(app, scene)
    return logged(match, start)


def test_a_quodd_solo_turn_by_keys(app):
    """Solo: the start square (Enter on it), the skill layout kept (a button), the move, and
    an upgrade tile (a button); then the next turn begins."""
    match = new_match("quodd", 1)
    scene = open_scene(app, match)
    press_on(app, scene, "cells", ("cell", (1, 9)))
    press_button(app, scene, "Keep this skill layout")
    played = quodd_moves(app, scene, 0)
    assert played == [
        "choose at=(1,9)",
        "choose swap=done",
        "move",
        "tumble dir=N",
        "stop",
        "explore",
    ]
    assert match.state.phase == "upgrade"
    first = match.legal_actions()[0]
    press_on(app, scene, "buttons", ("button", 0))
    assert match.log[6] == first
    wait_for(app, scene, "move", 7)  # the hero's next turn has begun
    assert match.to_move() == 0


def test_a_quodd_turn_by_keys_two_humans(app):
    """Two heroes: the first player's move by keys, then the hand-off to the second."""
    match = new_match("quodd", 2)
    for _ in range(4):  # the start squares and skill layouts (set-up, not the turn)
        match.apply(match.legal_actions()[0])
    scene = open_scene(app, match)
    seat = match.to_move()
    played = quodd_moves(app, scene, 4)
    assert played == ["move", "tumble dir=N", "stop", "explore"]
    next_seat(app, scene, 8, seat)


def cursor_to(app, scene, cell) -> None:
    """Riot Quest's hex cursor: arrows toward ``cell`` until it is there."""
    view = scene.view
    for _ in range(30):
        if view.key_cell == cell:
            return
        here = view.painter.to_screen(view.key_cell) if view.key_cell else None
        there = view.painter.to_screen(cell)
        if here is None:
            press(app, "left")  # the first arrow puts the cursor on the selected hero
            continue
        dx, dy = there[0] - here[0], there[1] - here[1]
        name = max(
            ARROW_DIRECTIONS,
            key=lambda n: dx * ARROW_DIRECTIONS[n][0] + dy * ARROW_DIRECTIONS[n][1],
        )
        press(app, name)
    raise AssertionError(f"the cursor never reached {cell}: {view.key_cell}")


def riotquest_turn(app, bots=()) -> None:
    """Riot Quest: a gear card equipped (the card, then the hero's row of its choice),
    a hero activated and run (Tab picks the hero, the arrows the hex, Space the click),
    then End activation (a button): the priority passes to the other crew."""
    from test_riotquest_view import POSITION, runs_of

    names = ("Rosa", "Kim")
    specs = tuple(
        PlayerSpec(n, bot=bots[i] if i < len(bots) else None) for i, n in enumerate(names)
    )
    match = Match(registry.get("riotquest"), GameSetup(specs, seed=3), start=POSITION)
    scene = open_scene(app, match)
    view = scene.view
    press_on(app, scene, "cards", ("gear", "bang_rounds"))
    assert view.popup is not None  # the card asks which hero takes it
    assert view.ring.group == "choice"
    press(app, "return")  # the first row: Dez
    assert logged(match, 0) == ["equip hero=dez gear=bang_rounds"]
    tab_to(app, scene, "pieces")  # the ring on a hero that can activate selects it
    seat, hero = view.selected
    assert view.ring.key == ("hero", (seat, hero))
    to = min(runs_of(match, hero))
    cursor_to(app, scene, to)
    press(app, "space")
    assert logged(match, 1) == [f"activate hero={hero}", f"run hero={hero} to=({to[0]},{to[1]})"]
    press_button(app, scene, "End")
    assert logged(match, 3)[:1] == ["end_activation"]
    next_seat(app, scene, 4, 0)


def test_a_riotquest_turn_by_keys_two_humans(app):
    riotquest_turn(app)


def test_a_riotquest_turn_by_keys_against_a_bot(app):
    riotquest_turn(app, bots=(None, "random"))


# -- the ring itself ----------------------------------------------------------------------------


def test_arrows_step_to_the_neighbour_square_and_tab_cycles_the_groups(app):
    """On Quodd's square board each arrow goes to the next square that way; Tab and
    Shift+Tab go through the groups in order and round again, the game bar last."""
    scene = open_scene(app, new_match("quodd", 1))
    ring = scene.view.ring
    assert not ring.shown
    tab_to(app, scene, "cells")
    press(app, "right")  # (the first Tab put the ring on the hero's square, first)
    x, y = ring.key[1]
    for name, (dx, dy) in (("right", (1, 0)), ("down", (0, 1)), ("left", (-1, 0)), ("up", (0, -1))):
        before = ring.key[1]
        press(app, name)
        assert ring.key == ("cell", (before[0] + dx, before[1] + dy)), name
    assert ring.key == ("cell", (x, y))
    names = [g.name for g in scene.view.all_focus_groups()]
    assert names[0] == "cells" and names[-1] == "bar"
    seen = []
    for _ in names:
        press(app, "tab")
        seen.append(ring.group)
    assert seen == names[1:] + names[:1]
    press(app, "shift+tab")
    assert ring.group == names[-1]


def test_arrows_in_a_row_of_buttons_walk_it_in_order(app):
    """RIOT's bar of buttons: Right and Down step to the next button, Left and Up back."""
    match = new_match("riot", 2)
    play_until(match, "purchase")
    scene = open_scene(app, match)
    tab_to(app, scene, "buttons")
    ring = scene.view.ring
    assert ring.key == ("button", 0)
    press(app, "right")
    assert ring.key == ("button", 1)
    press(app, "left")
    assert ring.key == ("button", 0)
    press(app, "left")  # nothing before the first: it stays
    assert ring.key == ("button", 0)


def test_escape_backs_out_of_a_pick_then_opens_the_menu(app):
    match = new_match("riot", 2)
    play_until(match, "purchase")
    scene = open_scene(app, match)
    press_button(app, scene, "Buy Officer (2c, F1)...")
    assert scene.view.kind_choice == "officer"
    press(app, "escape")
    assert scene.view.kind_choice is None and app.stack.top is scene
    press(app, "escape")
    assert app.stack.top is not scene and type(app.stack.top).__name__ == "PauseScene"


def test_escape_puts_a_riotquest_hero_down_first(app):
    from test_riotquest_view import POSITION

    specs = (PlayerSpec("Rosa"), PlayerSpec("Kim"))
    match = Match(registry.get("riotquest"), GameSetup(specs, seed=3), start=POSITION)
    scene = open_scene(app, match)
    tab_to(app, scene, "pieces")
    assert scene.view.selected is not None
    press(app, "escape")
    assert scene.view.selected is None and app.stack.top is scene
    press(app, "escape")
    assert app.stack.top is not scene


def test_a_mouse_click_hides_the_ring_and_mouse_play_is_unchanged(app):
    match = new_match("riot", 2)
    play_until(match, "purchase")
    scene = open_scene(app, match)
    tab_to(app, scene, "buttons")
    assert scene.view.ring.shown
    b = view_buttons(scene.view)[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    frames(app, 1)
    assert not scene.view.ring.shown and scene.view.kind_choice == "officer"


@pytest.mark.parametrize("game", ["riot", "quodd", "riotquest"])
def test_the_ring_is_drawn_where_the_focus_is(app, game):
    """The ring changes the pixels round the focused target, and only once a key showed it."""
    if game == "riotquest":
        from test_riotquest_view import POSITION

        specs = (PlayerSpec("Rosa"), PlayerSpec("Kim"))
        match = Match(registry.get(game), GameSetup(specs, seed=3), start=POSITION)
    else:
        match = new_match(game, 2 if game == "riot" else 1)
    scene = open_scene(app, match)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    before = surface.copy()
    tab_to(app, scene, "cells")
    ring = scene.view.ring
    target = groups(scene)["cells"].find(ring.key)
    from riotsim.ui.views.keyfocus import shape_box

    box = shape_box(target.shape).inflate(24, 24).clip(surface.get_rect())
    scene.draw(surface)
    changed = sum(
        1
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if surface.get_at((x, y)) != before.get_at((x, y))
    )
    assert changed > box.w + box.h  # the outline and the corner brackets


def test_question_mark_lists_the_keys(app):
    match = new_match("quodd", 1)
    scene = open_scene(app, match)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_NONE))
    frames(app, 1)
    overlay = app.stack.top
    assert overlay is not scene
    text = " ".join(t for _s, t in overlay.panel_widget.blocks)
    assert "Tab / Shift+Tab" in text and "Esc: back out of a pick" in text
    press(app, "escape")
    assert app.stack.top is scene


def test_zoomed_in_quodd_board_follows_the_ring(app):
    """Zoomed in, the ring walks on past the panel's edge and the board pans after it, so
    the square Enter clicks is always on show."""
    scene = open_scene(app, new_match("quodd", 1))
    view = scene.view
    for _ in range(4):
        view.key("+")
    assert view.zoom > 1.0
    tab_to(app, scene, "cells")
    for _ in range(8):
        press(app, "up")
    cell = view.ring.key[1]
    assert cell[1] <= 1  # (the start row is the bottom one: eight squares up is off the panel)
    assert view.board_rect.collidepoint(view.centre(cell))
