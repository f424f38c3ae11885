"""RIOT play screens: drawn from the map, board picking, hand-off hiding, a full hot-seat game."""

from __future__ import annotations

import pygame
from ui_helpers import frames

from riotsim.core import registry
from riotsim.core.contract import Action, Decision, GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.core.rng import Rng
from riotsim.ui.scenes.game import start_match
from riotsim.ui.views.riot import RiotPMView, RiotView


def start(app, game: str, players: int = 2, seed: int = 3):
    names = ("Rosa", "Dez", "Kim", "Noor")
    setup = GameSetup(tuple(PlayerSpec(names[i]) for i in range(players)), seed=seed)
    match = Match(registry.get(game), setup, game_id=game)
    scene = start_match(app, match)
    frames(app, 1)
    return scene


def reveal(app, scene) -> None:
    if scene.covered:
        scene.reveal()
    frames(app, 1)


def test_riot_view_is_used_and_draws_the_board(app):
    scene = start(app, "riot", 3)
    assert isinstance(scene.view, RiotView)
    reveal(app, scene)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view = scene.view
    # the HQ polygon is drawn in its colour at its centre
    cx, cy = (round(v) for v in view.centre("hq"))
    assert surface.get_at((cx, cy - 30))[:3] == (40, 62, 110)


def test_first_round_placement_by_clicks(app):
    scene = start(app, "riot", 2)
    reveal(app, scene)
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    target = view.centre("nw_b1")
    view.click((round(target[0]), round(target[1]) - 14))
    assert scene.match.log[-1] == Action.make("place", at="nw_b1")


def test_hand_is_hidden_on_handoff(app):
    scene = start(app, "riot", 2)
    match = scene.match
    rng = Rng(4)
    # play until the protester owns a card and the Police must decide
    while not (match.state.hands[1] and match.to_move() == 0):
        match.apply(rng.choice(match.legal_actions()))
        scene.invalidate()
        frames(app, 1)
    scene.update_seats()
    assert scene.viewer_seat in (0, None)
    assert scene.view.hand_labels(scene.view.shown(), 1) in ([], [])  # never the other's cards
    shown = scene.view.shown()
    assert all(c == "?" for c in shown.hands[1])


def test_move_by_selecting_a_unit_then_a_space(app):
    scene = start(app, "riot", 2)
    match = scene.match
    for b in ("nw_b1", "n_b1", "ne_b1", "sw_b1"):
        match.apply(Action.make("place", at=b))
    match.apply(Action.make("buy", unit="officer", at="hq"))
    match.apply(Action.make("end_purchase"))
    scene.invalidate()
    reveal(app, scene)
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    officer = next(u for u in match.state.units.values() if u.seat == 0)
    rect = next(r for r, ids in view.tokens if officer.id in ids)
    view.click(rect.center)
    assert view.selected == officer.id
    scene.draw(pygame.Surface(app.screen.get_size()))
    c = view.centre("n_street")
    view.click((round(c[0]), round(c[1]) + 30))
    assert match.log[-1] == Action.make("move", unit=officer.id, to="n_street")


def _play_through(app, game: str, players: int, seed: int, limit: int = 4000, scene=None):
    scene = scene or start(app, game, players, seed)
    rng = Rng(seed)
    for _ in range(limit):
        if scene.match.outcome().finished:
            break
        reveal(app, scene)
        legal = scene.view.legal()
        assert legal, "the view offers no action to the player who must decide"
        assert scene.submit(rng.choice(legal))
        scene.view.fast_forward()
    frames(app, 3)
    assert scene.match.outcome().finished
    top = app.stack.scenes[-1]
    assert type(top).__name__ == "SummaryScene"


def test_pm_view_tracks_animate(app):
    scene = start(app, "riot-pm", 2, 2)
    assert isinstance(scene.view, RiotPMView)
    reveal(app, scene)
    scene.match.state.tracks["politics"] = 3
    for _ in range(30):
        scene.view.update(1 / 30)
    assert abs(scene.view.marker["politics"] - 3) < 0.1
    scene.draw(pygame.Surface(app.screen.get_size()))


def test_menu_setup_to_summary_for_both_rule_sets(app):
    """From the menu's game list through the setup screen's Start to the summary screen."""
    from riotsim.ui.scenes.game import GameScene
    from riotsim.ui.scenes.setup import SetupScene

    assert {"riot", "riot-pm"} <= set(registry.playable())
    for game in ("riot", "riot-pm"):
        app.open_menu()
        setup = SetupScene(app, game)
        app.push(setup)
        frames(app, 1)
        setup.click(setup.start_button.rect.center)
        scene = app.stack.top
        assert isinstance(scene, GameScene)
        frames(app, 1)
        assert isinstance(scene.view, RiotView if game == "riot" else RiotPMView)
        _play_through(app, game, 2, 9, scene=scene)


def _start_at(app, game: str, state):
    ruleset = registry.get(game)
    n = state.seats
    setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(n)), seed=1)
    match = Match(ruleset, setup, game_id=game, start=ruleset.to_position(state))
    scene = start_match(app, match)
    frames(app, 1)
    reveal(app, scene)
    return scene


def test_obstruct_prompt_goes_to_the_streets_owner(app):
    """The obstruct prompt appears for the seat whose units stand in the street."""
    from tests.riot.helpers import position

    state = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    scene = _start_at(app, "riot", state)
    scene.match.apply(Action.make("move", unit=1, to="nw_b2"))
    scene.invalidate()
    scene.update_seats()
    reveal(app, scene)
    assert scene.viewer_seat == 0
    scene.draw(pygame.Surface(app.screen.get_size()))
    labels = [b.label for b in scene.view.buttons]
    assert labels == ["Obstruct", "Let them pass"]
    assert "obstruct" in scene.view.prompt().lower()
    scene.view.click(scene.view.buttons[0].rect.center)
    assert scene.match.log[-1] == Action.make("obstruct")


def test_clash_dialog_shows_totals(app):
    """The clash dialog lists both sides with their running Force totals."""
    from tests.riot.helpers import position

    state = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "black_bloc", "nw_street")],
        active=1,
        phase="clash",
    )
    scene = _start_at(app, "riot", state)
    for text in ("attack target=nw_street seat=2", "commit unit=1", "confirm"):
        scene.match.apply(Action.parse(text))
    scene.invalidate()
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    scene.draw(surface)
    cl = scene.match.state.clash
    assert cl is not None and scene.match.ruleset.totals(scene.match.state) == (1, 3)
    # the dialog's accent border sits over the bottom of the board
    view = scene.view
    y = view.board_rect.bottom - 7
    row = [surface.get_at((x, y))[:3] for x in range(view.board_rect.left, view.board_rect.right)]
    from riotsim.ui import theme as T

    assert T.ACCENT in row


def test_finished_clash_is_played_back_with_totals_and_losses(app):
    """The clash dialog walks through the count and the losses after the clash resolved:
    totals from the rules, the loser struck out, the winner named."""
    from riotsim.ui.views.riot_clash import OUT, ClashReplay
    from tests.riot.helpers import position

    state = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "n_b1")],
        active=0,
        phase="clash",
    )
    scene = _start_at(app, "riot", state)
    for text in ("attack target=nw_street seat=1", "commit unit=1", "confirm", "press_on"):
        assert scene.apply(Action.parse(text))
    queued = [a for step in scene.view.anims.steps for a in step if isinstance(a, ClashReplay)]
    assert len(queued) == 1
    pic = queued[0].pic
    assert [s.total for s in pic.sides] == [3, 1]
    assert pic.sides[1].units[0].status == OUT
    assert pic.result.startswith("Police win")
    surface = pygame.Surface(app.screen.get_size())
    while scene.view.anims.find(ClashReplay) is None:  # the loser's flash first
        scene.view.update(0.1)
    scene.view.update(1.5)  # past the count: the losses are struck out
    scene.draw(surface)
    scene.view.fast_forward()
    assert not scene.view.animating()


def test_a_bought_card_is_named_only_in_its_owners_log(app):
    """Hidden hands: the log line naming a bought card shows for its buyer only."""
    from tests.riot.helpers import position

    state = position(
        2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 3]
    )
    scene = _start_at(app, "riot", state)
    card = scene.match.state.decks[1][0]
    label = scene.match.ruleset.content.cards[card].label
    scene.apply(Action.parse("buy_card"))
    view = scene.view
    scene.viewer_seat = 1
    owner = view.recent()
    scene.viewer_seat = 0
    others = view.recent()
    scene.viewer_seat = None
    nobody = view.recent()
    assert any(label in t for t in owner)
    assert not any(label in t for t in others + nobody)
    assert any("buys a card for 1 credit" in t and "credits" not in t for t in others)


# -- QA pass: stacks, the recent list, bots, replays, stable buttons ------------------------------


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.clip(b).w > 0 and a.clip(b).h > 0


def _footprint(stack) -> pygame.Rect:
    from riotsim.ui.views.riot_stacks import footprint

    f = footprint(stack.r)
    rect = pygame.Rect(0, 0, round(2 * f), round(2 * f))
    rect.center = (round(stack.pos[0]), round(stack.pos[1]))
    return rect


def _check_stacks(view) -> None:
    """No two tokens of a space overlap; none covers an icon; all sit inside their space."""
    from riotsim.ui.views.riot_stacks import clear_of, footprint, inside

    clear = view.keep_clear()
    by_space: dict[str, list] = {}
    for st in view.stacks():
        by_space.setdefault(st.space, []).append(st)
    for space, stacks in by_space.items():
        poly = view.poly(space)
        for i, st in enumerate(stacks):
            f = footprint(st.r) - 1.5  # the grid check allows rounding at the edges
            for dx, dy in ((f, 0), (-f, 0), (0, f), (0, -f)):
                assert inside(poly, (st.pos[0] + dx, st.pos[1] + dy)), (space, st)
            for icon in clear[space]:
                assert clear_of(icon, st.pos, footprint(st.r) - 0.5), (space, icon)
            for other in stacks[i + 1 :]:
                d = ((st.pos[0] - other.pos[0]) ** 2 + (st.pos[1] - other.pos[1]) ** 2) ** 0.5
                assert d >= footprint(st.r) + footprint(other.r) - 0.5, (space, st, other)


def test_stacks_never_overlap_each_other_or_icons(app):
    """QA 1: any number of unit groups, in every space, at 1280x800 and 1024x640."""
    from tests.riot.helpers import position

    scene = _start_at(app, "riot", position(4, units=[], active=1, phase="move"))
    view = scene.view
    city = view.city()
    teams = scene.match.state.teams
    kinds = {seat: [u.id for u in view.content().teams[t].units] for seat, t in enumerate(teams)}
    for size in ((1280, 800), (1024, 640)):
        scene.layout(*size)
        for count in (1, 2, 3, 5, 8, 12):
            units = []
            for sid in city.spaces:
                for n in range(count):
                    seat = 0 if sid == "hospital" else n % 4  # only the Police are treated
                    units.append((seat, kinds[seat][n // 4 % len(kinds[seat])], sid))
            state = position(4, units=units, active=1, phase="move")
            for u in list(state.units.values())[::3]:
                u.moves = 0  # a spent group beside the ready ones
            scene.match.state = state
            view._stacks_key = None
            _check_stacks(view)
            shown = {i for st in view.stacks() for i in st.ids}
            assert shown == set(state.units)  # every unit is in some token


def test_two_units_in_the_hq_clear_of_the_hospital(app):
    """QA 1: the reported case, an Officer and a Riot Van in the Police HQ."""
    from tests.riot.helpers import position

    state = position(2, units=[(0, "officer", "hq"), (0, "riot_van", "hq")], phase="move")
    scene = _start_at(app, "riot", state)
    view = scene.view
    stacks = view.stacks()
    assert len(stacks) == 2
    hospital = view._space_box("hospital")
    for st in stacks:
        assert not _overlap(_footprint(st), hospital)
    assert not _overlap(_footprint(stacks[0]), _footprint(stacks[1]))


def test_crowded_space_merges_into_one_stack_per_seat_with_a_badge(app):
    """QA 1: an entry point with many kinds of units shows one counted stack per seat."""
    from tests.riot.helpers import position

    units = [(1, "activist", "nw_entry")] * 3 + [(1, "mediactivist", "nw_entry")] * 2
    units += [(0, "officer", "nw_entry"), (0, "swat", "nw_entry"), (0, "riot_van", "nw_entry")]
    state = position(2, units=units, phase="move")
    for u in list(state.units.values())[::2]:
        u.moves = 0
    scene = _start_at(app, "riot", state)
    scene.layout(1024, 640)
    view = scene.view
    stacks = [st for st in view.stacks() if st.space == "nw_entry"]
    assert all(st.merged for st in stacks)
    assert sorted(len(st.ids) for st in stacks) == [3, 5]
    _check_stacks(view)
    scene.draw(pygame.Surface(app.screen.get_size()))


def _recent_text(scene) -> str:
    return "\n".join(scene.view.recent())


def test_recent_list_follows_undo_and_load(app, tmp_path):
    """QA 2 and 3: readable names; Undo takes the line back; Load shows the history."""
    from riotsim.ui.scenes.game import open_save
    from tests.riot.helpers import position

    state = position(2, units=[(0, "officer", "hq"), (1, "activist", "nw_b1")], phase="move")
    scene = _start_at(app, "riot", state)
    assert scene.apply(Action.make("move", unit=1, to="n_street"))
    text = _recent_text(scene)
    assert "Police Officer: Police HQ -> N street" in text
    assert "hq ->" not in text and "n_street" not in text
    scene.undo()
    assert "N street" not in _recent_text(scene)
    assert scene.apply(Action.make("move", unit=1, to="s_street"))
    assert "Police Officer: Police HQ -> S street" in _recent_text(scene)
    path = tmp_path / "riot.json"
    scene.match.save(path)
    loaded = open_save(app, path)
    frames(app, 1)
    reveal(app, loaded)
    assert "Police Officer: Police HQ -> S street" in _recent_text(loaded)


def test_bot_turn_shows_thinking_and_no_prompts(app):
    """QA 4: while a bot decides, the panel names it and offers nothing to click."""
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Ugo", bot="random")), seed=3)
    match = Match(registry.get("riot"), setup, game_id="riot")
    scene = start_match(app, match)
    frames(app, 1)
    for _ in range(40):
        if match.to_move() == 1:
            break
        match.apply(match.legal_actions()[0])
        scene.invalidate()
    assert match.to_move() == 1
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    text, acting = view.status()
    assert text == "Ugo (Random bot) is thinking..." and not acting
    assert view.buttons == [] and view.highlight.targets == []
    assert view.legal() == []


def test_replay_shows_no_prompts_highlights_or_choices(app):
    """QA 7: host.spectating (the replay viewer): the table only."""
    scene = start(app, "riot", 2)
    reveal(app, scene)
    scene.spectating = True
    scene.viewer_seat = scene.match.to_move()
    scene.draw(pygame.Surface(app.screen.get_size()))
    view = scene.view
    text, acting = view.status()
    assert text.startswith("Replay:") and not acting
    assert view.buttons == [] and view.highlight.targets == []
    target = view.centre("nw_b1")
    view.click((round(target[0]), round(target[1])))
    assert scene.match.log == []


def test_buy_buttons_keep_their_places(app):
    """QA 6: a unit type the Police can no longer afford stays as a greyed button, so the
    buttons after it do not move under a quick second click."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], phase="purchase", credits=[4, 0])
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    before = {b.label.split(" (")[0]: (b.rect.copy(), b.enabled) for b in view.buttons}
    # issue 14: a unit type too dear from the start is greyed from the start (S.W.A.T., 5c)
    assert [k for k, (_, on) in before.items() if not on] == ["Buy S.W.A.T."]
    costly = [a for a in scene.match.legal_actions() if a.kind == "buy"]
    dearest = max(costly, key=lambda a: view.content().unit("police", a["unit"]).cost)
    cheap = min(costly, key=lambda a: view.content().unit("police", a["unit"]).cost)
    scene.apply(Action.make("buy", unit=cheap["unit"], at="hq"))
    scene.draw(surface)
    after = {b.label.split(" (")[0]: (b.rect.copy(), b.enabled) for b in view.buttons}
    assert {k: r for k, (r, _) in after.items()} == {k: r for k, (r, _) in before.items()}
    label = f"Buy {view.content().unit('police', dearest['unit']).label}"
    assert label in after and not after[label][1]
    view.click(after[label][0].center)  # a greyed button does nothing
    assert view.kind_choice is None


def test_panel_names_each_seats_faction_with_its_shape(app):
    """QA 8: from the first frame every seat's line names its side and carries its marker."""
    for game, sides in (("riot", ("Police", "Autonomen")), ("riot-pm", ("Police", "Protesters"))):
        scene = start(app, game, 2)
        view = scene.view
        lines = [e for e in view.panel_lines(view.shown()) if len(e) > 2]
        assert [e[2] for e in lines] == [0, 1]
        for (text, colour, seat), side in zip(lines, sides, strict=True):
            assert side in text and colour == scene.seat_colour(seat)
        surface = pygame.Surface(app.screen.get_size())
        surface.fill((0, 0, 0))
        scene.draw(surface)
        assert view.faction(0) == "Police"


def test_replay_viewer_lists_the_moves_it_stepped_through(app, tmp_path):
    """QA 3 and 7 in the real replay viewer: stepping and going back rebuild the recent list
    from the replayed history; nothing is offered to click."""
    from riotsim.ui.scenes.replay import open_replay

    scene = start(app, "riot-pm", 2, seed=5)
    rng = Rng(5)
    for _ in range(30):
        scene.match.apply(rng.choice(scene.match.legal_actions()))
    path = tmp_path / "pm.json"
    scene.match.save(path)
    replay = open_replay(app, path)
    assert replay is not None
    for _ in range(12):
        replay.step()
    replay.view.fast_forward()
    surface = pygame.Surface(app.screen.get_size())
    replay.draw(surface)
    lines = replay.view.recent()
    assert lines and replay.view.buttons == [] and replay.view.highlight.targets == []
    assert not any("_b" in line or "_street" in line for line in lines)  # no raw space ids
    replay.back_one()
    replay.draw(surface)
    assert replay.view.recent() and len(replay.match.log) == 11


def test_a_moving_token_glides_from_its_slot_to_its_new_slot(app):
    """QA 1: the glide starts where the token was drawn and ends where it will rest, so it
    never lands on another token or an icon and then jumps."""
    from riotsim.ui.anim import Glide
    from tests.riot.helpers import position

    units = [(0, "officer", "hq"), (0, "riot_van", "hq"), (0, "swat", "n_street")]
    scene = _start_at(app, "riot", position(2, units=units, phase="move"))
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    start = next(st.pos for st in view.stacks() if 1 in st.ids)
    assert scene.apply(Action.make("move", unit=1, to="n_street"))
    glide = next(a for step in view.anims.steps for a in step if isinstance(a, Glide))
    view.fast_forward()
    scene.draw(surface)
    end = next(st.pos for st in view.stacks() if 1 in st.ids)
    assert glide.path[0] == start and glide.path[-1] == end


def test_every_button_fits_the_panel_at_1024x640(app):
    """QA look at 1024x640: four seats, a full hand and every card playable; the buttons all
    show inside the panel (the recent list gives up lines for them)."""
    from tests.riot.helpers import position

    state = position(4, units=[(1, "activist", "nw_b1")], phase="purchase", active=1)
    state.credits[1] = 9
    state.hands[1] = list(state.decks[1][:6])
    scene = _start_at(app, "riot", state)
    scene.layout(1024, 640)
    view = scene.view
    scene.draw(pygame.Surface((1024, 640)))
    assert len(view.buttons) == len(view.button_slots()) >= 4
    for b in view.buttons:
        assert view.panel_rect.contains(b.rect)
    assert view.buttons[-1].rect.bottom < view.panel_rect.bottom - 3 * 14


def _button(view, stem: str):
    return next(b for b in view.buttons if b.label.startswith(stem))


def test_action_bar_greys_a_unit_too_dear_with_why_on_hover_and_click(app):
    """Issue 14: the action bar is the rules' menu under headings; a greyed entry says why
    when hovered, and clicking it says why as a notice."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], phase="purchase", credits=[3, 0])
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    swat = _button(view, "Buy S.W.A.T.")
    assert not swat.enabled and _button(view, "Buy Officer").enabled
    assert {e.group for e in view.button_slots()} == {"Purchase", "Turn"}
    view.hover(swat.rect.center)
    scene.draw(surface)
    assert view.tip == (swat.label, "not enough credits: the S.W.A.T. costs 5, you have 3")
    view.click(swat.rect.center)
    assert scene.notices[-1][0].endswith("not enough credits: the S.W.A.T. costs 5, you have 3")
    assert scene.match.log == []


def test_the_action_bar_reads_the_rules_headings_in_italian_too(app):
    """Issue 17: the bar groups, greys and orders by the rules' headings in the language
    spoken: in Italian the greyed S.W.A.T. still reads as its buy button, the headings are
    Italian and ending the phase still comes last."""
    from riotsim.i18n import _, set_language
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], phase="purchase", credits=[3, 0])
    set_language("it")
    try:
        scene = _start_at(app, "riot", state)
        view = scene.view
        scene.draw(pygame.Surface(app.screen.get_size()))
        slots = view.button_slots()
        assert [e.group for e in slots][-1] == _("Turn") != "Turn"
        swat = next(e for e in slots if e.action is None)
        assert swat.label.startswith(_("Buy {unit}").format(unit="S.W.A.T.")), swat.label
        assert "(5c, F" in swat.label  # relabelled like the buy buttons
    finally:
        set_language("en")


def test_a_card_played_on_a_unit_is_one_button_then_a_board_pick(app):
    """Review: one 'Play Forced March...' button, not one per unit; then a click on a
    highlighted unit plays it there."""
    from tests.riot.pm_helpers import pm_position

    units = [(0, "officer", "n_street"), (1, "organiser", "s_street"), (1, "demonstrator", "sw_b1")]
    state = pm_position(units, phase="cards")
    state.hands[1] = ["forced_march", "forced_march"]
    scene = _start_at(app, "riot-pm", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    labels = [b.label for b in view.buttons]
    assert labels.count("Play Forced March...") == 1
    view.click(_button(view, "Play Forced March").rect.center)
    scene.draw(surface)
    assert {view.target_space(a) for _, a in view.highlight.targets} == {"s_street", "sw_b1"}
    token = next(rect for rect, ids in view.tokens if 2 in ids)
    view.click(token.center)
    assert scene.match.log[-1] == Action.make("play", card="forced_march", unit=2)


def _at(view, space: str) -> tuple[int, int]:
    x, y = view.centre(space)
    return (round(x), round(y))


def _notice(scene) -> str:
    return scene.notices[-1][0] if scene.notices else ""


def test_a_refused_move_says_why(app):
    """Issue 14: a picked unit clicked onto a space it cannot reach: the rules' reason."""
    from tests.riot.helpers import position

    state = position(2, units=[(0, "officer", "n_street"), (1, "activist", "s_b1")], phase="move")
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view.click(next(rect for rect, ids in view.tokens if 1 in ids).center)
    assert view.selected == 1
    scene.draw(surface)
    view.click(_at(view, "n_b1"))
    assert _notice(scene) == "Police units never enter buildings" and view.selected == 1
    view.click(_at(view, "se_street"))
    assert _notice(scene) == "SE street is not next to N street: a unit steps one space at a time"
    assert scene.match.log == []


def test_clicking_a_spent_unit_says_it_already_moved(app):
    """Issue 14: a unit that used its step says so when clicked."""
    from tests.riot.helpers import position

    state = position(2, units=[(0, "officer", "n_street"), (1, "activist", "s_b1")], phase="move")
    scene = _start_at(app, "riot", state)
    scene.apply(Action.make("move", unit=1, to="ne_street"))
    scene.view.fast_forward()
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view = scene.view
    view.click(next(rect for rect, ids in view.tokens if 1 in ids).center)
    assert _notice(scene) == "this unit already moved" and view.selected is None


def test_deploying_a_bought_unit_off_the_hq_says_where(app):
    """Issue 14: 3) Deploy Units - the Police deploy at the HQ; a click elsewhere says so."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], phase="purchase", credits=[4, 0])
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view.click(_button(view, "Buy Officer").rect.center)
    scene.draw(surface)
    view.click(_at(view, "s_street"))
    assert _notice(scene) == "the Police deploy new units at their HQ"
    assert scene.match.log == []


def test_attacking_a_stronger_group_says_the_force_rule(app):
    """Issue 14: 5) Clashes - the Police may not attack a group with more Force."""
    from tests.riot.helpers import position

    units = [(0, "officer", "n_street"), (1, "activist", "n_b1"), (1, "activist", "n_b1")]
    scene = _start_at(app, "riot", position(2, units=units))
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view.click(next(rect for rect, ids in view.tokens if 2 in ids).center)
    assert _notice(scene) == "the Police may not attack with less Force: yours 1, theirs 3"


def test_a_blitz_card_clicked_outside_a_clash_says_when(app):
    """Issue 14: Blitz cards are played in a clash; clicking one in the hand says when."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="move")
    state.hands[1] = ["human_wave", "side_alley"]
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    chip = next(rect for rect, card in view.hand_chips if card == "human_wave")
    view.click(chip.center)
    assert _notice(scene) == "Human Wave is a Blitz card: it is played in a clash, at hand to hand"
    chip = next(rect for rect, card in view.hand_chips if card == "side_alley")
    view.click(chip.center)  # a card played on a unit: picked, then a unit
    assert view.card_choice == "side_alley"


def test_pm_instant_card_clicked_in_the_cards_phase_says_when(app):
    """Issue 14, P&M: Instant cards are played during a combat."""
    from tests.riot.pm_helpers import pm_position

    state = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="cards")
    state.hands[1] = ["viral_video"]
    state.riot_hands[1] = ["riot2"]
    scene = _start_at(app, "riot-pm", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    chip = next(rect for rect, card in view.hand_chips if card == "viral_video")
    view.click(chip.center)
    assert _notice(scene) == "Viral Video is an Instant card: it is played in a combat"
    chip = next(rect for rect, card in view.hand_chips if card == "riot2")
    view.click(chip.center)
    assert _notice(scene) == "RIOT cards are committed face down during a combat"


def test_card_text_is_one_hover_away_in_the_hand(app):
    """Issue 14: hovering a card of the hand shows its text (and when it is played)."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="move")
    state.hands[1] = ["human_wave"]
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view.hover(view.hand_chips[0][0].center)
    scene.draw(surface)
    card = view.content().cards["human_wave"]
    assert view.tip == (card.label, card.text) and card.text.startswith("Blitz")


def test_public_opinion_goal_and_units_have_tooltips(app):
    """Issue 14: a turned Public Opinion card, the Nationalist goal and a unit stack each
    show their text when hovered; the goal's card only to its owner."""
    from tests.riot.helpers import position

    units = [(0, "riot_van", "n_street"), (3, "nationalist", "s_b1")]
    state = position(4, units=units, phase="move")
    state.po_revealed = [state.po_deck.pop(0)]
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    opinion = view.content().opinion_card(state.po_revealed[0])
    cell = view.board_tips[0][0]
    view.hover(cell.center)
    scene.draw(surface)
    assert view.tip == (f"Public Opinion: {opinion.label}", opinion.text)
    goal_box = next(r for r, title, _ in view.board_tips if "secret goal" in title)
    view.hover(goal_box.center)
    scene.draw(surface)
    assert view.tip[0] == "Nationalists: secret goal"  # the Police may not read which
    assert all(g.label in view.tip[1] for g in view.content().goals)
    van = next(rect for rect, ids in view.tokens if 1 in ids)
    view.hover(van.center)
    scene.draw(surface)
    assert view.tip[0].endswith("(Police)") and "Moves 2." in view.tip[1]


def test_pm_character_text_on_its_activate_button(app):
    """Issue 14, P&M: a Character's text is one hover away on its button."""
    from tests.riot.pm_helpers import pm_position

    state = pm_position(
        [(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="purchase"
    )
    state.credits[1] = 3
    scene = _start_at(app, "riot-pm", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view.hover(_button(view, "Activate The Agitator").rect.center)
    scene.draw(surface)
    agitator = view.content().characters["agitator"]
    assert view.tip == ("The Agitator (politics Character)", agitator.text)


def _clash_to_the_end(scene) -> None:
    """Play the pending clash out: every unit joins, no cards, on to hand to hand."""
    match = scene.match
    while match.state.pending:
        legal = match.legal_actions()
        kinds = ("commit", "pass", "press_on", "confirm")
        scene.apply(next((a for k in kinds for a in legal if a.kind == k), legal[0]))


def test_log_groups_a_clash_and_the_full_log_says_the_same(app):
    """Issue 14: a clash's results read as one line with names; the full log (L) shows the
    same lines as the side log."""
    from riotsim.ui.scenes.overlays import log_overlay
    from tests.riot.helpers import position

    units = [(1, "activist", "n_street"), (1, "activist", "n_street"), (0, "officer", "n_street")]
    scene = _start_at(app, "riot", position(2, units=units, active=1))
    scene.apply(Action.make("attack", target="n_street", seat=0))
    _clash_to_the_end(scene)
    scene.view.fast_forward()
    scene.draw(pygame.Surface(app.screen.get_size()))
    recent = scene.view.recent()
    clash = [line for line in recent if line.startswith("Clash: ")]
    assert len(clash) == 1
    assert "Autonomen win the clash" in clash[0] and "Police lose an Officer" in clash[0]
    assert not any("#" in line or "{" in line for line in recent)
    blocks = log_overlay(app, scene).panel_widget.blocks
    assert ("li", clash[0]) in blocks
    assert [text for kind, text in blocks if kind == "li"][-len(recent) :] == recent


def test_a_team_named_for_its_basic_unit_is_not_said_twice(app):
    """Review: 'Nationalists Nationalist' reads 'Nationalist'."""
    from tests.riot.helpers import position

    state = position(4, units=[(3, "nationalist", "s_b1")], phase="purchase", active=3)
    state.credits[3] = 3
    scene = _start_at(app, "riot", state)
    scene.apply(Action.make("buy", unit="nationalist", at="s_entry"))
    scene.draw(pygame.Surface(app.screen.get_size()))
    line = scene.view.recent()[-1]
    assert line.endswith("buys a Nationalist at S entry") and "Nationalists Nationalist" not in line


def test_a_bought_card_stays_private_in_both_logs(app):
    """Issue 14: private details stay hidden as before: the others read that a card was
    bought, only its owner reads which."""
    from riotsim.ui.scenes.overlays import log_overlay
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], phase="purchase", active=1)
    state.credits[1] = 2
    scene = _start_at(app, "riot", state)
    card = scene.match.state.decks[1][0]
    label = scene.view.content().cards[card].label
    scene.apply(Action.make("buy_card"))
    view = scene.view
    owner = [text for _, text in view.log_blocks(1, False)]
    other = [text for _, text in view.log_blocks(0, False)]
    assert any(label in t for t in owner) and not any(label in t for t in other)
    assert any("buys a card for 1 credit" in t for t in other)
    scene.viewer_seat = 0
    assert not any(label in t for _, t in log_overlay(app, scene).panel_widget.blocks)


def test_first_round_prompt_points_at_outlines_that_are_there(app):
    """Review: the First Round prompt names the outlined buildings, and they are outlined
    (one per building a placement may go to)."""
    scene = start(app, "riot", 2)
    reveal(app, scene)
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert "outlined buildings" in view.prompt() and "4 left" in view.prompt()
    spaces = {view.target_space(a) for _, a in view.highlight.targets}
    assert spaces == set(scene.ruleset.placement_options(scene.match.state, scene.match.to_move()))


def test_police_order_prompt_says_it_sets_the_next_round(app):
    """Review: the Police choose the protesters' order for the NEXT round."""
    from tests.riot.helpers import position

    state = position(3, units=[(1, "activist", "nw_b1"), (2, "anarchist", "s_b1")])
    state.pending.append(Decision("order", 0, {"chosen": []}))
    scene = _start_at(app, "riot", state)
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert scene.view.prompt() == (
        "Police: set the protesters' order for the next round - pick who plays first."
    )
    labels = [b.label for b in scene.view.buttons]
    assert labels == ["Autonomen play first next round", "Anarchists play first next round"]


def test_bar_labels_are_never_cut_at_1024x640(app):
    """Review: 'Attack Autonomen at N buildin...': with many entries a long label takes a
    whole row of the bar, so every label fits its button."""
    from tests.riot.helpers import position

    units = [(0, "officer", "n_street"), (0, "swat", "nw_street"), (0, "riot_van", "ne_street")]
    units += [(1, "activist", "n_b1"), (1, "activist", "nw_b2"), (2, "anarchist", "nw_street")]
    units += [
        (2, "anarchist", "ne_b1"),
        (3, "nationalist", "ne_street"),
        (3, "nationalist", "n_b2"),
    ]
    units += [(1, "activist", "ne_b2"), (2, "anarchist", "n_street"), (3, "nationalist", "nw_b3")]
    scene = _start_at(app, "riot", position(4, units=units))
    scene.layout(1024, 640)
    view = scene.view
    scene.draw(pygame.Surface((1024, 640)))
    assert len(view.buttons) == len(view.button_slots()) >= 8
    for b in view.buttons:
        font = view.theme.fonts.get(13 * 0.85, "Medium")
        assert font.size(b.label)[0] <= b.rect.w - 2 * view.theme.px(10), b.label


def test_pm_riot_cards_of_each_value_have_a_button_each(app):
    """P&M combat: a RIOT card of each value in the hand is its own button (the bar keeps a
    button's place by its label, and the values differ)."""
    from tests.riot.pm_helpers import pm_position

    units = [(0, "officer", "n_street"), (1, "demonstrator", "n_b1")]
    state = pm_position(units, phase="combat")
    state.riot_hands[1] = ["riot1", "riot2", "riot3"]
    scene = _start_at(app, "riot-pm", state)
    scene.apply(Action.make("attack", target="n_street"))
    scene.apply(Action.make("commit", unit=2))
    scene.apply(Action.make("confirm"))
    scene.draw(pygame.Surface(app.screen.get_size()))
    labels = [b.label for b in scene.view.buttons]
    assert [x for x in labels if x.startswith("Commit a RIOT card")] == [
        f"Commit a RIOT card ({n}) face down" for n in (1, 2, 3)
    ]


def test_call_for_backup_is_one_button_then_an_entry_point(app):
    """Call for Backup: a basic unit from the supply comes in at an entry point; one button,
    then the entry points are the targets."""
    from tests.riot.helpers import position

    state = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="move")
    state.hands[1] = ["call_for_backup"]
    scene = _start_at(app, "riot", state)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    assert [b.label for b in view.buttons].count("Play Call for Backup...") == 1
    view.click(_button(view, "Play Call for Backup").rect.center)
    scene.draw(surface)
    board = scene.ruleset.board(scene.match.state)
    assert {view.target_space(a) for _, a in view.highlight.targets} == set(board.of_kind("entry"))
    view.click(_at(view, "s_entry"))
    assert scene.match.log[-1] == Action.make("play", card="call_for_backup", at="s_entry")


def _zoom_pick(app, game: str, size: tuple[int, int]) -> None:
    """Zoom in with the wheel over the board, then click a highlighted space's centre: the
    action submitted is that space's."""
    app.window_resized(size)
    scene = start(app, game, 2)
    reveal(app, scene)
    view = scene.view
    surface = pygame.Surface(app.screen.get_size())
    rng = Rng(7)
    for _ in range(300):  # play on until the board has a space to pick with no token on it
        moves = [a for a in scene.match.legal_actions() if a.kind == "move"]
        if moves and view.my_turn():
            view.selected = moves[0]["unit"]  # a picked unit: where it may go is highlighted
        scene.draw(surface)
        occupied = {u.space for u in scene.match.state.units.values()}
        targets = [(view.target_space(a), a) for _, a in view.highlight.targets]
        free = [(s, a) for s, a in targets if s not in occupied]
        if free:
            break
        scene.match.apply(rng.choice(scene.match.legal_actions()))
        scene.invalidate()
        reveal(app, scene)
    space, action = free[0]
    fitted = view.scale
    scene.hover(_at(view, space))
    scene.scroll(1)
    scene.scroll(1)
    assert view.zoom.zoomed and view.scale > fitted * 1.5
    scene.draw(surface)
    pos = _at(view, space)
    assert view.board_rect.collidepoint(pos) and view.space_at(pos) == space
    scene.click(pos)
    assert scene.match.log[-1] == action


def test_zoomed_in_a_click_picks_the_space_under_it_riot(app):
    for size in ((1024, 640), (2560, 1440)):
        _zoom_pick(app, "riot", size)


def test_zoomed_in_a_click_picks_the_space_under_it_pm(app):
    for size in ((1024, 640), (2560, 1440)):
        _zoom_pick(app, "riot-pm", size)


def test_a_zoomed_city_pans_by_drag_and_arrows_within_its_panel(app):
    scene = start(app, "riot", 2)
    reveal(app, scene)
    view = scene.view
    assert scene.view.key("+") and view.key("+") and view.zoom.zoomed
    hq = view.centre("hq")
    mid = view.board_rect.center
    scene.click(mid, 2)  # the middle button drags
    scene.hover((mid[0] + 30, mid[1] + 20))
    scene.release((mid[0] + 30, mid[1] + 20), 2)
    assert view.centre("hq")[0] == hq[0] + 30 or view.centre("hq") != hq
    before = view.offset
    assert view.key("left")
    assert view.offset != before
    for _ in range(40):  # far past the edge: clamped, the city still covers its panel
        view.key("right")
        view.key("down")
    left, top, w, h = view.zoom.board_box()
    b = view.board_rect
    assert left <= b.left + 1e-6 and top <= b.top + 1e-6
    assert left + w >= b.right - 1e-6 and top + h >= b.bottom - 1e-6
    view.selected = 99
    scene.click(mid, 3)  # a right click (no drag) still cancels a pick
    scene.release(mid, 3)
    assert view.selected is None
    assert view.key("0") and not view.zoom.zoomed


def _bot_glide(app, game: str) -> None:
    """Two bots play until one moves a unit: its token glides as a human's does, the spaces
    it left and reached glow and then fade, and the next bot move waits for the glide."""
    from riotsim.ui.anim import Glide

    setup = GameSetup((PlayerSpec("Rosa", bot="random"), PlayerSpec("Dez", bot="random")), 4)
    scene = start_match(app, Match(registry.get(game), setup, game_id=game))
    view = scene.view
    glide = None
    for _ in range(1500):
        frames(app, 1, dt=0.05)
        scene.wait_for_bots(5)
        glide = next((a for a in view.anims.active if isinstance(a, Glide)), None)
        if glide is not None:
            break
    assert glide is not None and not glide.done
    from riotsim.games.riot.events import Moved
    from riotsim.ui.views.riot import MOVES

    events = scene.match.history[-1]
    move = next(e for e in events if isinstance(e, MOVES) and e.unit == glide.key)
    marks = list(view.marks.marks)
    shapes = [list(m.shape()) for m in marks]
    assert view.poly(move.start) in shapes
    assert view.poly(move.to if isinstance(move, Moved) else move.at) in shapes
    moves = len(scene.match.log)
    while not glide.done:
        assert all(m.alpha == 1.0 for m in marks)  # held until the glide is over
        scene.wait_for_bots(5)
        frames(app, 1, dt=1 / 60)
        assert len(scene.match.log) == moves or glide.done
    for _ in range(10):  # about a second (the animation speed is x3 here)
        frames(app, 1, dt=0.05)
    assert all(m.done and m not in view.marks.marks for m in marks)


def test_a_bots_move_glides_and_its_spaces_fade_riot(app):
    _bot_glide(app, "riot")


def test_a_bots_move_glides_and_its_spaces_fade_pm(app):
    _bot_glide(app, "riot-pm")


def test_zoomed_in_a_token_panned_under_the_panel_shows_no_tooltip(app):
    from tests.riot.helpers import position

    scene = _start_at(app, "riot", position(2, units=[(0, "officer", "hq")], phase="move"))
    view = scene.view
    view.zoom.zoom_at(3.0, view.board_rect.topleft)
    view.place_board()
    edge = pygame.Rect(view.board_rect.right - 20, view.board_rect.top + 10, 40, 40)
    view.tokens = [(edge, [1])]  # a token half under the side panel
    surface = pygame.Surface(app.screen.get_size())
    view.hover_pos = (edge.left + 5, edge.top + 5)  # its part on the board: its tooltip
    view.draw_tooltip(surface)
    assert view.tip[0].startswith("P0")
    view.tip = ("", "")
    view.hover_pos = (edge.right - 5, edge.top + 5)  # its part under the panel: nothing
    view.draw_tooltip(surface)
    assert view.tip == ("", "")


def test_a_phase_with_nothing_to_click_says_so_not_click_a_space(app):
    """Review (issue 14): P&M's combat prompt said "click a highlighted space to attack" when
    no attack was possible and End turn was the only move."""
    from riotsim.ai import get_bot
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.ui.scenes.opening import start_match
    from riotsim.ui.scenes.setup import default_setup

    rules = registry.get("riot-pm")
    match = Match(rules, default_setup(rules, seed=3), game_id="riot-pm")
    bot = get_bot("random", 3)
    for _ in range(30):
        seat = match.to_move()
        match.apply(bot.choose(rules, rules.view(match.state, seat), match.legal_actions(), 0.2))
    assert [str(a) for a in match.legal_actions()] == ["end_turn"]
    game = start_match(app, match)
    if game.covered:
        game.reveal()
    assert game.view.board_prompt("move", {"combat": "Combat: click a highlighted space"}) == (
        "Nothing else to do this phase: End turn."
    )
