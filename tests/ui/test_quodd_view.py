"""Quodd play screen, driven headless through the view's methods."""

from __future__ import annotations

import pygame
import pytest

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.games.quodd import RULESET
from riotsim.ui import theme as T
from riotsim.ui.views.quodd import HeroMove, QuoddView

NAMES = ("Rosa", "Kim", "Noor")


class Host:
    def __init__(self, match: Match, viewer: int | None, size=(1280, 800)):
        self.match = match
        self.viewer_seat = viewer
        self.theme = T.Theme(*size)
        self.fonts = self.theme.fonts
        self.view: QuoddView | None = None

    def submit(self, action: Action) -> bool:
        events = self.match.apply(action)
        if self.view is not None:
            self.view.on_events(events)
        return True

    def seat_colour(self, seat):
        return T.seat_colour(seat or 0)

    def seat_shape(self, seat):
        return T.seat_shape(seat or 0)

    def player_name(self, seat):
        return NAMES[seat] if seat is not None else ""


def make_view(scenario="tutorial_1", seats=1, size=(1280, 800)):
    pygame.font.init()
    players = tuple(PlayerSpec(NAMES[i]) for i in range(seats))
    match = Match(RULESET, GameSetup(players, seed=2, scenario=scenario))
    host = Host(match, 0, size)
    view = QuoddView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, size[0] - 32, size[1] - 88))
    return host, view


def ready_to_tumble(host):
    """Finish setup (stay on the first start square, keep the skill layout) and start moving."""
    x, y = host.match.state.heroes[0].pos
    host.submit(Action.parse(f"choose at=({x},{y})"))
    host.submit(Action.parse("choose swap=done"))
    host.submit(Action.parse("move"))


def test_view_draws_the_board_and_panel():
    host, view = make_view()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    hero = host.match.state.heroes[0]
    x, y = view.centre(hero.pos)
    assert surface.get_at((int(x), int(y))) != surface.get_at((5, 5))


def test_clicking_a_neighbour_square_tumbles():
    """Natural tumble chosen by clicking a neighbouring square."""
    host, view = make_view()
    ready_to_tumble(host)
    state = host.match.state
    start = state.current.pos
    target = (start[0], start[1] - 1)
    view.click(view.centre(target))
    assert host.match.state.current.pos != start
    assert view.animating()
    anim = view.anims.active[0]
    assert isinstance(anim, HeroMove) and anim.mode == "roll" and anim.direction == "N"
    surface = pygame.Surface((1280, 800))
    view.update(0.1)
    view.draw(surface)  # mid-roll drawing works
    view.fast_forward()
    assert not view.animating()


def test_reachable_squares_and_path_preview():
    """The skill's reachable squares and the path are shown before committing."""
    host, view = make_view()
    ready_to_tumble(host)
    state = host.match.state
    # find a tumble that brings a stepping skill (slide/dash/diagonal/tumble) up
    for action in list(host.match.legal_actions()):
        trial = RULESET.copy(state)
        RULESET.apply(trial, action)
        if trial.turn.skill in ("slide", "dash", "diagonal", "tumble") and not trial.pending:
            host.submit(action)
            break
    else:
        pytest.skip("no stepping skill from this start")
    view.fast_forward()
    view.refresh()
    view.finish_reach()
    assert view.reach
    far = [c for c, path in view.reach.items() if len(path) > 1]
    if far:
        view.hover(view.centre(far[0]))
        assert len(view.preview) == len(view.reach[far[0]]) + 1
        before = len(host.match.log)
        view.click(view.centre(far[0]))
        assert len(host.match.log) > before


def test_start_squares_are_clicked_then_buttons_offer_other_choices():
    """Setup: the start square is chosen on the board; the skill layout by a button."""
    host, view = make_view()
    view.refresh()
    starts = host.match.state.board.find("start")
    assert set(starts) <= set(view.reach)
    view.click(view.centre(starts[2]))
    assert host.match.state.heroes[0].pos == starts[2]
    view.refresh()
    labels = [b.label for b in view.buttons.buttons]
    assert "Keep this skill layout" in labels
    # a swap names the skills it moves (issue 14): front and back here
    from riotsim.ui.views.quodd_art import SKILL_NAMES

    skills = host.match.state.heroes[0].skills
    front, back = SKILL_NAMES[skills["front"]], SKILL_NAMES[skills["back"]]
    assert f"Swap {front} (front) with {back} (back)" in labels


def test_hand_hidden_from_other_seats():
    host, view = make_view("ffa_race", seats=2)
    host.match.state.heroes[1].hand = ["honey_bun"]
    host.viewer_seat = 0
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert all(a.kind != "play" for _, a in view.card_targets)


def test_small_window_layout():
    host, view = make_view("ffa_scramble", seats=3, size=(900, 600))
    surface = pygame.Surface((900, 600))
    view.draw(surface)
    assert view.cell >= 8


def test_in_the_app_scene_with_hand_off_and_a_bot(app):
    """The real in-game scene hosts the Quodd view: hand-off, clicks, a bot seat, frames."""
    from ui_helpers import frames

    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.match import Match
    from riotsim.ui.scenes.game import start_match

    players = (PlayerSpec("Rosa"), PlayerSpec("Bot", bot="random"))
    match = Match(RULESET, GameSetup(players, seed=4, scenario="ffa_race"), game_id="quodd")
    game = start_match(app, match)
    assert isinstance(game.view, QuoddView)
    for _ in range(40):
        frames(app, 3)  # the bot, right of the first player, places its hero first
        if match.log:
            break
    assert len(match.log) == 1 and match.to_move() == 0
    game.view.refresh()
    start = sorted(game.view.reach)[0]
    game.view.click(game.view.centre(start))  # Rosa places her hero
    assert len(match.log) == 2 and match.state.heroes[0].pos == start
    game.view.refresh()
    labels = [b.label for b in game.view.buttons.buttons]
    assert "Keep this skill layout" in labels
    game.view.key("space")  # Space takes the obvious choice: keep this arrangement
    for _ in range(40):
        frames(app, 3)
    assert len(match.log) >= 4  # the bot seat arranged its skills too


def test_solo_result_is_recorded_when_the_game_ends():
    from riotsim.games.quodd import results

    host, view = make_view("tutorial_1")
    state = host.match.state
    state.round_limit = 1
    for _ in range(200):
        if state.phase == "over":
            break
        legal = host.match.legal_actions()
        texts = [str(a) for a in legal]
        pick = next(
            (t for t in ("choose swap=done", "move", "stop", "explore", "done") if t in texts),
            texts[0],
        )
        host.submit(legal[texts.index(pick)])
    assert state.phase == "over"
    assert results.best("tutorial_1")["plays"] >= 1


def test_hovering_a_square_describes_it():
    host, view = make_view("solo_crystals")
    crystal = host.match.state.board.find("crystal")[0]
    view.hover(view.centre(crystal))
    assert "Crystal" in view.hover_text()
    hero = host.match.state.heroes[0]
    view.hover(view.centre(hero.pos))
    assert hero.name in view.hover_text()


def test_spin_and_rotation_are_animated():
    from riotsim.games.quodd.events import BoardRotated, Spun

    host, view = make_view("tutorial_2")
    view.on_events(
        [
            Spun.raw({"hero": 0, "spin": "cw", "top": "q"}),
            BoardRotated.raw({"section": 0, "spin": "ccw"}),
        ]
    )
    assert len(view.anims.steps) == 2
    surface = pygame.Surface((1280, 800))
    view.update(0.1)
    view.draw(surface)


def test_square_with_several_choices_offers_buttons():
    """Placing a current: click the square, then pick its direction from the buttons."""
    host, view = make_view("tutorial_3")
    state = host.match.state
    ready_to_tumble(host)
    state.phase = "powerup"
    state.heroes[0].hand = ["tide_rune"]
    host.submit(Action.parse("play card=tide_rune"))
    view._marker = None
    view.refresh()
    cell = next(c for c, acts in view.cell_actions.items() if len(acts) == 4)
    view.click(view.centre(cell))
    view.refresh()
    labels = [b.label for b in view.buttons.buttons]
    assert sum("pointing" in label for label in labels) == 4
    before = len(host.match.log)
    view.buttons.layout(pygame.Rect(0, 0, 300, 400))
    view.buttons.buttons[0].click(view.buttons.buttons[0].rect.center)
    assert len(host.match.log) == before + 1
    assert host.match.state.board.has(cell, "current")


def click_action(view, action) -> None:
    """Play ``action`` the way a person would: a square, a card or a button of the view."""
    view._marker = None
    view.refresh()
    for _ in range(20):
        for cell, acts in view.cell_actions.items():
            if acts == [action]:
                view.click(view.centre(cell))
                return
            if action in acts:
                view.click(view.centre(cell))  # several choices here: they become buttons
                view.refresh()
        surface = pygame.Surface((1280, 800))
        view.draw(surface)  # lays out buttons and card rows
        for rect, act in view.card_targets:
            if act == action:
                view.click(rect.center)
                return
        for button, act in zip(view.buttons.buttons, view.button_actions, strict=False):
            if act == action:
                view.click(button.rect.center)
                return
        more = [b for b in view.buttons.buttons if b.label.startswith("More choices")]
        assert more, f"the view offers no way to play {action}"
        view.click(more[0].rect.center)
        view.refresh()
    raise AssertionError(f"could not find {action}")


@pytest.mark.parametrize(
    "scenario",
    [
        "tutorial_1",
        "tutorial_2",
        "tutorial_3",
        "solo_rally",
        "solo_crystals",
        "solo_treasure",
        "solo_escape",
        "solo_springs",
        "solo_vault",
    ],
)
def test_a_person_can_win_by_clicking(scenario):
    """Each solo scenario can be completed in the app: every move the planner makes is played
    through the view's squares, cards and buttons."""
    from tests.quodd.planner import plan_movement, simple_choice

    host, view = make_view(scenario)
    match = host.match
    for _ in range(3000):
        state = match.state
        if state.phase == "over":
            break
        if state.phase == "movement" and not state.pending:
            plan = plan_movement(state)
            for action in plan:
                click_action(view, action)
                view.fast_forward()
            if plan:
                continue
        click_action(view, simple_choice(state))
        view.fast_forward()
    assert match.state.winners == [0], match.state.reason


def test_clicking_a_blocked_square_says_why():
    """The view asks the rules why a square is not a legal move and shows the reason."""
    from riotsim.games.quodd.board import Token

    host, view = make_view()
    ready_to_tumble(host)
    state = host.match.state
    x, y = state.current.pos
    state.board.add((x + 1, y), Token.make("wall"))
    view._marker = None
    view.click(view.centre((x + 1, y)))
    assert "wall" in view.message.lower()
    view.click(view.centre((x, y - 3)))
    assert "highlighted" in view.message


def test_random_clicks_never_break_the_view():
    """Fuzz: random hovers, clicks and keys between random legal moves never raise."""
    from riotsim.core.rng import Rng

    host, view = make_view("ffa_scramble", seats=3)
    rng = Rng(11)
    surface = pygame.Surface((1280, 800))
    for i in range(300):
        match = host.match
        if match.state.phase == "over":
            break
        host.viewer_seat = match.to_move()
        pos = (rng.randint(0, 1279), rng.randint(0, 799))
        view.hover(pos)
        view.click(pos)
        if i % 7 == 0:
            view.key("space")
        view.update(0.05)
        view.draw(surface)
        if i % 3 == 0 and match.state.phase != "over":
            host.submit(rng.choice(match.legal_actions()))
            view.fast_forward()


def test_cube_model_rest_shows_top_south_and_east():
    """Play screen: a resting hero cube in three-quarter view shows its top and two side
    faces (south and east), each face's skill where the rules say it points."""
    from riotsim.games.quodd.cube import Cube
    from riotsim.ui.views import quodd_cube as qc

    cube = Cube.start("N").tumble("E").tumble("S")
    rot = qc.orientation(cube.as_tuple())
    visible = {}
    for face, (normal, _, _) in qc.FRAMES.items():
        world = qc._mat_vec(rot, normal)
        if qc._dot(world, qc.EYE) > 1e-6:
            visible[face] = tuple(round(c) for c in world)
    assert visible == {cube.top: (0, 0, 1), cube.south: (0, 1, 0), cube.east: (1, 0, 0)}


def test_tumble_rotation_ends_on_the_rules_cube():
    """The tumble is a real rotation over the bottom edge: turning every face's 3D frame a
    quarter turn about that edge gives exactly the orientation of the rules' tumbled cube
    (faces and the way their icons point), for every direction from every orientation."""
    import math

    from riotsim.games.quodd.cube import Cube
    from riotsim.ui.views import quodd_cube as qc

    cubes = [Cube.start("N")]
    for d in "NESWNNEESSWW":
        cubes.append(cubes[-1].tumble(d).spin(1 if d in "NE" else 0))
    for cube in cubes:
        before = qc.orientation(cube.as_tuple())
        for d in "NESW":
            after = qc.orientation(cube.tumble(d).as_tuple())
            for normal, u, v in qc.FRAMES.values():
                for axis in (normal, u, v):
                    rolled = qc._tumble_dir(qc._mat_vec(before, axis), qc.DIRECTION[d], math.pi / 2)
                    expected = qc._mat_vec(after, axis)
                    assert all(abs(a - b) < 1e-9 for a, b in zip(rolled, expected, strict=True))


def test_tumble_animation_draws_the_cube_part_way_over_its_edge():
    """Mid-tumble the cube is drawn tilted (different pixels from both ends of the roll)."""
    from riotsim.games.quodd.cube import Cube
    from riotsim.ui.views import quodd_cube as qc

    labels = {"q": "q", "front": "slide", "back": "jump", "left": "tumble"}
    labels.update({"right": "diagonal", "feet": "dash"})
    shots = []
    for t in (0.0, 0.5, 1.0):
        surf = pygame.Surface((120, 120))
        surf.fill((0, 0, 0))
        qc.draw_cube(
            surf, (50, 70), 40, Cube.start("N"), labels, (200, 100, 50), tumble=("E", t * 1.5707963)
        )
        shots.append(pygame.image.tobytes(surf, "RGB"))
    assert len(set(shots)) == 3


def test_element_effects_are_animated_with_the_cubes_they_had():
    """Element effects animate: a current glides the cube on, a whirlpool spins it about the
    vertical axis (from the cube it had before the spin), a teleporter warps it away and in."""
    from riotsim.games.quodd.cube import Cube
    from riotsim.games.quodd.events import Carried, Spun, Teleported

    host, view = make_view()
    hero = host.match.state.heroes[0]
    after = hero.cube
    before = after.spin(-1)  # the state already shows the cube after a clockwise spin
    x, y = hero.pos
    view.on_events(
        [
            Carried.raw({"hero": 0, "from": [x - 1, y], "to": [x, y], "direction": "E"}),
            Spun.raw({"hero": 0, "spin": "cw", "top": after.top, "cube": list(after.as_tuple())}),
            Teleported.raw({"hero": 0, "from": [x, y], "to": [x, y - 2]}),
        ]
    )
    moves = [a for step in view.anims.steps for a in step if isinstance(a, HeroMove)]
    assert [m.mode for m in moves] == ["glide", "spin", "warp"]
    assert moves[1].cube_before == before and moves[1].cube_after == after
    assert moves[0].cube_before == before  # the glide came before the spin
    surface = pygame.Surface((1280, 800))
    for _ in range(40):  # every frame of every animation draws
        view.update(1 / 30)
        view.draw(surface)
    assert not view.animating()
    assert isinstance(after, Cube)


def test_a_current_ride_logged_as_one_event_glides_square_by_square():
    """Water Current (our ruling on loops: one ride, one log event): the view still glides
    the cube one square at a time along the ride's path."""
    from riotsim.games.quodd.events import Carried

    host, view = make_view()
    x, y = host.match.state.heroes[0].pos
    path = [[x + 1, y], [x + 1, y + 1], [x, y + 1]]
    view.on_events([Carried.of(hero=0, to=path[-1], direction="W", path=path, **{"from": [x, y]})])
    moves = [a for step in view.anims.steps for a in step if isinstance(a, HeroMove)]
    assert [m.mode for m in moves] == ["glide"] * 3
    assert moves[0].start == view.centre((x, y)) and moves[-1].end == view.centre((x, y + 1))


def test_events_animate_by_their_type_and_an_unknown_kind_is_left_to_the_log():
    """The view animates an event by its class: a plain event of a kind it does not know
    (even one holding a hero and squares) plays no animation, and its text still reads."""
    from riotsim.core.contract import Event
    from riotsim.games.quodd.events import Moved

    host, view = make_view()
    x, y = host.match.state.heroes[0].pos
    squares = {"hero": 0, "from": [x, y], "to": [x + 1, y], "direction": "E"}
    unknown = Event("mystery_moved", squares)
    view.on_events([unknown])
    assert not view.anims.steps
    assert str(unknown).startswith("mystery_moved(hero=0")
    view.on_events([Moved.of(fields=squares)])
    moves = [a for step in view.anims.steps for a in step if isinstance(a, HeroMove)]
    assert [m.mode for m in moves] == ["glide"]


def test_a_replay_shows_the_table_without_prompts_or_choices():
    """Replay viewer (host.spectating): no reachable squares, buttons or card rows; clicks
    and keys play nothing; the status names who is next without telling anyone to click."""
    host, view = make_view()
    host.spectating = True
    host.match.state.heroes[0].hand = []
    view.refresh()
    assert not view.reach and not view.cell_actions and not view.buttons.buttons
    starts = host.match.state.board.find("start")
    view.click(view.centre(starts[2]))
    assert view.key("space") is False
    assert not host.match.log
    assert view.status_text() == "Next: Rosa - choosing a start square"
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert not view.card_targets
    # the same table for a player: the start squares are offered and the prompt says so
    host.spectating = False
    view._marker = None
    view.refresh()
    assert set(starts) <= set(view.reach)
    assert view.status_text() == "Rosa: pick a start square"


def test_a_replay_in_the_tumble_step_offers_no_squares():
    host, view = make_view()
    ready_to_tumble(host)
    host.spectating = True
    view._marker = None
    view.refresh()
    view.finish_reach()
    assert not view.reach
    x, y = host.match.state.current.pos
    view.click(view.centre((x, y - 1)))
    assert host.match.state.current.pos == (x, y)
    assert "click" not in view.status_text() and "natural tumble" in view.status_text()


def test_other_players_turn_reads_as_waiting_not_as_a_prompt():
    """A bot's or another player's turn: the status names them without "click"."""
    host, view = make_view("ffa_race", seats=2)
    seat = host.match.to_move()
    host.viewer_seat = 1 - seat
    view._marker = None
    assert view.status_text().startswith(f"Next: {NAMES[seat]}")
    assert "pick" not in view.status_text()


def test_last_move_uses_the_recorded_label_and_hides_private_draws():
    """The panel's last-move line: the label written when the move was played
    (host.labels), and a deck draw reads as hidden to everyone but the drawer."""
    from riotsim.core.contract import Event

    host, view = make_view("ffa_race", seats=2)
    ready = host.match.to_move()
    host.labels = {}
    legal = host.match.legal_actions()
    host.labels[0] = "Recorded label"
    host.submit(legal[0])
    assert view.last_move_text() == f"{NAMES[ready]}: Recorded label"
    # a private event in the last move: only its owner reads the label
    host.match.history[-1] = [Event("card_explored", {"card": "compass"}, 0, True, 0)]
    host.viewer_seat = 1
    assert "hidden" in view.last_move_text() and "Recorded" not in view.last_move_text()
    host.viewer_seat = 0
    assert view.last_move_text().endswith("Recorded label")


def test_choice_buttons_stay_inside_the_panel_in_a_small_window():
    """1024x640: however many choices there are, the buttons fit in the panel (a page holds
    what fits, "More choices" shows the rest) and every choice is on some page."""
    from riotsim.core.rng import Rng

    host, view = make_view("tutorial_3", size=(1024, 640))
    state = host.match.state
    ready_to_tumble(host)
    state.phase = "powerup"
    state.heroes[0].hand = ["tide_rune"]
    host.submit(Action.parse("play card=tide_rune"))
    view._marker = None
    view.refresh()
    cell = next(c for c, acts in view.cell_actions.items() if len(acts) == 4)
    # a long list of choices: pretend the panel is short, then page through all of them
    surface = pygame.Surface((1024, 640))
    view.panel_rect.h = view.theme.px(330)
    view.click(view.centre(cell))
    seen: set[str] = set()
    for _ in range(6):
        view.draw(surface)
        assert view.per_page < 12
        for button in view.buttons.buttons:
            assert view.panel_rect.contains(button.rect), button.label
        seen |= {str(a) for a in view.button_actions}
        more = [b for b in view.buttons.buttons if b.label.startswith("More choices")]
        if not more:
            break
        view.click(more[0].rect.center)
    assert {str(a) for a in view.cell_actions[cell]} <= seen
    rng = Rng(3)
    for _ in range(60):  # random play at this size never puts a button outside the panel
        if host.match.state.phase == "over":
            break
        host.submit(rng.choice(host.match.legal_actions()))
        view.fast_forward()
        view.draw(surface)
        for button in view.buttons.buttons:
            assert view.panel_rect.contains(button.rect), button.label


def test_hovering_a_numbered_marker_names_its_number_first():
    """The tooltip reads "Rally marker 1: ..." and is drawn beside the square."""
    host, view = make_view("tutorial_1")
    rally = next(
        c
        for c in host.match.state.board.find("rally")
        if host.match.state.board.first(c, "rally").get("number") == 1
    )
    view.hover(view.centre(rally))
    assert view.hover_text().startswith("Rally marker 1: ")
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    view.hover((-50, -50))
    assert view.hover_text() == ""


def test_own_phase_prompt_and_spectator_wording_differ():
    """Discard phase: the player is told what to do; a spectator reads what is going on."""
    host, view = make_view("tutorial_1")
    host.match.state.pending.clear()
    host.match.state.phase = "discard"
    assert view.status_text() == "Rosa: discard down to 5 cards"
    host.spectating = True
    assert view.status_text() == "Next: Rosa - discarding down to 5 cards"


def test_power_up_prompt_names_the_way_on():
    """Power-Up with no cards: the prompt names the button (and its key) that goes on."""
    host, view = make_view("tutorial_1")
    x, y = host.match.state.heroes[0].pos
    host.submit(Action.parse(f"choose at=({x},{y})"))
    host.submit(Action.parse("choose swap=done"))
    assert host.match.state.phase == "powerup"
    assert view.status_text() == "Rosa: Power-Up - Start moving (Space)"
    host.match.state.heroes[0].hand = ["honey_bun"]
    view._marker = None
    assert view.status_text() == "Rosa: Power-Up - play a card or start moving (Space)"


def test_in_the_replay_viewer_nothing_is_offered(app, tmp_path):
    """The real replay scene (spectating) hosts the Quodd view: the table is drawn, no square
    or button is offered at any step, and the status never says "click"."""
    from ui_helpers import frames

    from riotsim.ui.scenes.replay import open_replay

    players = (PlayerSpec("Rosa"), PlayerSpec("Kim"))
    match = Match(RULESET, GameSetup(players, seed=4, scenario="ffa_race"), game_id="quodd")
    for _ in range(12):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "quodd_replay.json"
    match.save(path)
    scene = open_replay(app, path)
    assert scene is not None and isinstance(scene.view, QuoddView)
    scene.reveal_all = True  # as for a finished game: the deciding seat's view is shown
    for _ in range(12):
        scene.update_seats()
        assert scene.viewer_seat == match.ruleset.to_move(scene.match.state)
        frames(app, 2)
        view = scene.view
        view.refresh()
        view.finish_reach()
        assert not view.reach and not view.buttons.buttons and not view.card_targets
        assert "click" not in view.status_text()
        scene.step()
        scene.view.fast_forward()


def test_bombs_roll_along_their_path_and_explode_in_a_ring():
    """Bombs & Explosions (issue 12 part A): a bomb_moved event rolls the bomb die square by
    square along its path, an explosion grows a ring to its radius, thrown heroes hop and
    thrown sheep hop too; the resting bomb is not drawn twice while it rolls."""
    from riotsim.games.quodd.events import Blasted, BombMoved, Exploded, SheepThrown
    from riotsim.ui.views.quodd_bombs import BlastRing, BombRoll, PieceHop

    host, view = make_view("solo_bomb_alley")
    state = host.match.state
    (cell,) = state.board.find("bomb")
    number = state.board.first(cell, "bomb").get("number")
    x, y = cell
    path = [[x + 1, y], [x + 2, y], [x + 3, y]]
    view.on_events(
        [
            BombMoved.of(id=number, bomb="fire", path=path, direction="E", **{"from": [x, y]}),
            Exploded.of(at=[x + 4, y], bomb="fire"),
            Blasted.of(hero=0, to=[x + 4, y + 2], **{"from": [x + 4, y + 1]}),
            SheepThrown.of(id=7, to=[x + 2, y - 2], **{"from": [x + 3, y - 1]}),
        ]
    )
    anims = [a for step in view.anims.steps for a in step]
    roll = next(a for a in anims if isinstance(a, BombRoll))
    assert roll.points[0] == view.centre(cell) and roll.points[-1] == view.centre((x + 3, y))
    assert any(isinstance(a, BlastRing) and a.reach == 1 for a in anims)
    assert any(isinstance(a, HeroMove) and a.mode == "hop" for a in anims)
    assert any(isinstance(a, PieceHop) for a in anims)
    surface = pygame.Surface((1280, 800))
    for _ in range(60):
        view.update(1 / 30)
        view.draw(surface)
    assert not view.animating()


def test_cannons_and_resting_bombs_are_drawn():
    """The bomb alley's cannons (a barrel pointing their way) and its resting bomb show on the
    board: the squares differ from plain floor."""
    host, view = make_view("solo_bomb_alley")
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    state = host.match.state
    for cell in state.board.find("cannon") + state.board.find("bomb"):
        r = view.cell_rect(cell)
        colours = {
            tuple(surface.get_at((px, py)))[:3]
            for px in range(r.left, r.right, 3)
            for py in range(r.top, r.bottom, 3)
        }
        assert len(colours) > 3, cell


def test_platforms_slide_with_their_riders_and_beams_light_their_squares():
    """Moving board (issue 12 part C): an upkeep's platform move is animated with the hero
    riding it; lit squares are drawn with the beam's light, which follows the state."""
    from riotsim.games.quodd import engine
    from riotsim.ui.views import quodd_beams
    from riotsim.ui.views.quodd_platforms import PlatformMove

    host, view = make_view("solo_platform_crossing", size=(1024, 640))
    ready_to_tumble(host)
    state = host.match.state
    state.heroes[0].pos = (2, 3)  # on the sliding platform
    events: list = []
    engine.end_round(state, events)
    engine.settle(state, events)
    assert state.heroes[0].pos == (2, 4)
    view.on_events(events)
    anims = [a for step in view.anims.steps for a in step]
    assert any(isinstance(a, PlatformMove) for a in anims)
    rides = [a for a in anims if isinstance(a, HeroMove) and a.key == 0]
    assert rides and rides[0].start == view.centre((2, 3)) and rides[0].end == view.centre((2, 4))
    surface = pygame.Surface((1024, 640))
    view.draw(surface)

    host, view = make_view("solo_beam_puzzle", size=(1024, 640))
    ready_to_tumble(host)
    assert (2, 2) in host.match.state.board.lit
    surface = pygame.Surface((1024, 640))
    view.draw(surface)
    assert tuple(surface.get_at(tuple(int(v) for v in view.centre((2, 2)))))[:3] == quodd_beams.CORE


def test_a_move_marks_the_squares_left_and_reached_then_the_marks_fade(app):
    """Issue 14: after a move (a bot's as a human's) the squares a hero left and reached are
    marked while the cube tumbles, then fade."""
    from ui_helpers import frames

    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.match import Match
    from riotsim.ui.scenes.opening import start_match
    from riotsim.ui.views import marks as M

    rules = registry.get("quodd")
    match = Match(rules, GameSetup((PlayerSpec("Rosa"),), scenario="tutorial_1"), game_id="quodd")
    game = start_match(app, match)
    start = match.state.heroes[0].pos
    for _ in range(6):  # to the first tumble
        tumbles = [a for a in match.legal_actions() if a.kind == "tumble"]
        if tumbles:
            break
        game.submit(match.legal_actions()[0])
        game.view.fast_forward()
    start = match.state.heroes[0].pos
    assert game.submit(tumbles[0])
    end = match.state.heroes[0].pos
    colours = {tuple(m.colour) for m in game.view.marks.marks}
    assert M.LEFT in colours and len(game.view.marks.marks) == 2 and start != end
    assert game.view.animating()  # the marks wait for the tumble
    assert all(m.alpha == 1.0 for m in game.view.marks.marks)
    frames(app, 120, dt=0.05)
    assert not game.view.marks.showing


def test_the_tray_shows_a_past_moves_dice_again(app):
    """Issue 14: the Quodd view puts a past move's dice back in the tray (the full log's
    headings call it), and leaves the tray as it was for a move that rolled nothing."""
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.events import DiceRolled
    from riotsim.core.match import Match
    from riotsim.ui.scenes.opening import start_match

    rules = registry.get("quodd")
    match = Match(rules, GameSetup((PlayerSpec("Rosa"),), scenario="tutorial_1"), game_id="quodd")
    game = start_match(app, match)
    game.submit(match.legal_actions()[0])
    assert not game.view.show_roll(0, replay=True)  # a move that rolled nothing
    match.history[0] = [DiceRolled.of(die="direction", faces=["N"], seat=0, reveals=True)]
    assert game.view.show_roll(0, replay=True)
    assert game.view.tray.roll is not None and game.view.tray.roll.title.startswith("Replay: ")
