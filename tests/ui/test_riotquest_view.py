"""Riot Quest play screen: odds helper, and the view driven headless through its methods."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from riotsim.core.dice import die
from riotsim.ui.views.riotquest_odds import attack_odds, odds_table, rig_success


def brute_force(counts: dict[str, int], need: int) -> Fraction:
    """P(strikes >= need) by enumerating every face combination (rulebook: Dice in Riot Quest)."""
    pools = []
    for die_id, n in counts.items():
        spec = die(die_id)
        pools += [[spec.value(f) for f in spec.faces]] * n
    total = hits = 0
    for combo in itertools.product(*pools):
        total += 1
        hits += sum(combo) >= need
    return Fraction(hits, total)


@pytest.mark.parametrize(
    ("action", "boost", "power", "defence"),
    [(1, 0, 0, (1, 2)), (1, 3, 1, (3, 6)), (2, 3, 1, (4, 7)), (3, 1, 0, (2, 5)), (2, 0, 2, (3, 4))],
)
def test_attack_odds_match_brute_force(action, boost, power, defence):
    """Making Attacks / Super Damage: hit at the first DEF value, Super Damage at the second."""
    odds = attack_odds(action, defence, boost, power)
    counts = {"action": action, "boost": boost, "power": power}
    assert odds.hit == brute_force(counts, defence[0])
    assert odds.super_damage == brute_force(counts, defence[1])


def test_more_action_dice_never_lower_the_odds():
    rows = odds_table(5, (4, 7), boost=3, power=1)
    assert [r.action_dice for r in rows] == [1, 2, 3, 4, 5]
    for a, b in itertools.pairwise(rows):
        assert b.hit >= a.hit and b.super_damage >= a.super_damage


def test_rig_odds_match_brute_force():
    """Rigging: three Boost dice, plus a Power die with the Rig Bonus, succeed at 3 strikes."""
    assert rig_success(False) == brute_force({"boost": 3}, 3)
    assert rig_success(True) == brute_force({"boost": 3, "power": 1}, 3)


# ---------------------------------------------------------------------------------------------
# The view, driven headless through its host methods

import pygame  # noqa: E402

from riotsim.core.contract import Action, GameSetup, PlayerSpec  # noqa: E402
from riotsim.core.match import Match  # noqa: E402
from riotsim.games.riotquest import rules  # noqa: E402
from riotsim.ui import theme as T  # noqa: E402
from riotsim.ui.dice import DiceRoll, draw_die  # noqa: E402
from riotsim.ui.views import riotquest_cards as cards  # noqa: E402
from riotsim.ui.views.riotquest import RiotQuestView  # noqa: E402
from riotsim.ui.views.riotquest_odds import attack_odds as odds_for  # noqa: E402

NAMES = ("Rosa", "Kim", "Noor", "Ada")


class Host:
    """What the in-game scene gives a view: the match, the viewer seat, submit, theme."""

    def __init__(self, match: Match, viewer: int | None, size=(1280, 800)):
        self.match = match
        self.viewer_seat = viewer
        self.theme = T.Theme(*size)
        self.fonts = self.theme.fonts
        self.submitted: list[Action] = []
        self.notices: list[str] = []
        self.view: RiotQuestView | None = None

    def notice(self, text: str, colour=None) -> None:
        self.notices.append(text)

    def submit(self, action: Action) -> bool:
        self.submitted.append(action)
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


# Thunderhead Fortress, row 6 (the centre row): gate at col 1, rubble at 4, centre 7, rubble 10.
POSITION = {
    "arena": "thunderhead",
    "priority": 0,
    "players": [
        {
            "crew": [{"id": "dez", "pos": [6, 6]}, {"id": "gubbin", "pos": [3, 9]}],
            "hand": ["bang_rounds", "hyperspring_boots"],
            "loot": 3,
        },
        {
            "crew": [{"id": "dreyfus", "pos": [8, 6]}, {"id": "eiryss", "pos": [12, 5]}],
            "hand": ["galvanic_repulsor"],
        },
    ],
}


def make_view(viewer: int | None = 0, size=(1280, 800), position=POSITION):
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=3)
    match = Match(rules_set(), setup, start=position)
    host = Host(match, viewer, size)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, size[0] - 32, size[1] - 88))
    return host, view


def rules_set():
    from riotsim.core import registry

    return registry.get("riotquest")


def centre_of(view: RiotQuestView, cell) -> tuple[int, int]:
    x, y = view.painter.to_screen(cell)
    return round(x), round(y)


def runs_of(match: Match, hero: str) -> set:
    """Where ``hero`` may run once activated (rulebook "Activating": activate, then act)."""
    ruleset = match.ruleset
    state = ruleset.copy(match.state)
    if state.active is None:
        ruleset.apply(state, Action.make("activate", hero=hero))
    return {a["to"] for a in ruleset.legal_actions(state) if a.kind == "run"}


def test_hover_highlights_the_hexes_a_hero_can_run_to():
    """Movement & Terrain: the glowing hexes are exactly the rules' run destinations."""
    host, view = make_view()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert view.idx.hexes == {}
    target = sorted(runs_of(host.match, "dez"))[0]
    before = surface.get_at(centre_of(view, target))
    view.hover(centre_of(view, (6, 6)))
    assert view.idx.focus == (0, "dez")
    assert set(view.idx.hexes) == runs_of(host.match, "dez")
    view.draw(surface)
    after = surface.get_at(centre_of(view, target))
    assert after.g > before.g  # tinted with the movement colour


def test_clicking_a_highlighted_hex_submits_that_run():
    host, view = make_view()
    view.hover(centre_of(view, (6, 6)))
    view.click(centre_of(view, (6, 6)))  # select Dez
    cell = max(runs_of(host.match, "dez"), key=lambda c: (c[1], c[0]))
    view.hover(centre_of(view, cell))
    view.click(centre_of(view, cell))
    assert host.submitted == [
        Action.make("activate", hero="dez"),
        Action.make("run", hero="dez", to=cell),
    ]
    assert host.match.state.heroes[0]["dez"].pos == cell


def test_clicking_an_enemy_opens_the_dice_chooser_with_exact_odds():
    """Making Attacks: at least one Action die, any number more; odds from the real dice."""
    host, view = make_view()
    view.click(centre_of(view, (6, 6)))
    assert (1, "dreyfus") in view.idx.attacks
    view.click(centre_of(view, (8, 6)))
    popup = view.popup
    assert popup is not None
    state = host.match.state
    dez, dreyfus = state.heroes[0]["dez"], state.heroes[1]["dreyfus"]
    defence = rules.defence(state, dreyfus, dez, "ranged")
    two = next(row for row in popup.rows if row[0] == "2 Action dice")
    expected = odds_for(2, defence, 3, 1)
    assert two[1] == f"hit {expected.hit_percent}%  super {expected.super_percent}%"
    assert view.key("2")
    assert host.submitted == [
        Action.make("activate", hero="dez"),
        Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=2),
    ]


def test_gear_hand_shows_only_to_its_owner(monkeypatch):
    """A panel per player: the Riot Gear hand only when viewer_seat is that seat."""
    drawn: list[str] = []
    real = cards.gear_chip

    def spy(surface, rect, theme, gear_id, *args, **kwargs):
        drawn.append(gear_id)
        return real(surface, rect, theme, gear_id, *args, **kwargs)

    monkeypatch.setattr(cards, "gear_chip", spy)
    surface = pygame.Surface((1280, 800))
    for viewer, expected in (
        (0, ["bang_rounds", "hyperspring_boots"]),
        (1, ["galvanic_repulsor"]),
        (None, []),
    ):
        drawn.clear()
        _, view = make_view(viewer)
        view.draw(surface)
        assert drawn == expected, viewer


def test_other_seats_cannot_act_through_the_view():
    host, view = make_view(viewer=1)
    view.hover(centre_of(view, (6, 6)))
    view.click(centre_of(view, (6, 6)))
    assert view.idx.hexes == {} and view.buttons == []
    assert host.submitted == []


def test_attack_dice_tumble_and_land_on_the_rolled_faces():
    """Dice in Riot Quest: the animation ends showing exactly the faces the rules rolled."""
    host, view = make_view()
    state = host.match.state
    faces = ["strike", "super", "miss", "strike", "strike", "super"]  # 2 action, 3 boost, 1 power
    state.rng.script(*faces)
    host.submit(Action.make("activate", hero="dez"))
    view.submit(Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=2))
    rolls = [a for step in view.anims.steps for a in step if isinstance(a, DiceRoll)]
    assert [(r.die_id, r.faces) for r in rolls] == [
        ("action", faces[:2]),
        ("boost", faces[2:5]),
        ("power", faces[5:]),
    ]
    assert view.animating()
    roll = rolls[0]
    roll.update(roll.roll_time)  # just landed
    assert roll.landed
    got = pygame.Surface((400, 200), pygame.SRCALPHA)
    want = pygame.Surface((400, 200), pygame.SRCALPHA)
    roll.centre = (200, 100)
    roll.draw(got)
    for face, pos in zip(roll.faces, roll.positions(), strict=True):
        draw_die(want, "action", face, pos, roll.size)
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    for _ in range(200):
        view.update(0.05)
    assert not view.animating()


def test_moves_glide_and_a_fast_forward_finishes_them():
    host, view = make_view()
    view.click(centre_of(view, (6, 6)))
    cell = max(runs_of(host.match, "dez"), key=lambda c: (c[1], c[0]))
    view.click(centre_of(view, cell))
    assert view.animating()
    view.fast_forward()
    assert not view.animating()


def test_crew_picks_are_cards_to_click():
    """Building Your Crew: the pending crew decision shows hero cards; a click picks one."""
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=2)
    match = Match.new("riotquest", setup)
    host = Host(match, 0)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 1248, 712))
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert match.state.pending[-1].kind == "crew"
    rect, action = next((r, a) for r, a in view.setup_rects if a is not None)
    view.click(rect.center)
    assert host.submitted == [action] and action.kind == "pick"
    assert match.state.players[0].crew == [action["hero"]]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_played_game_draws_at_both_sizes(size):
    """A random game from set-up into play: every frame draws without error."""
    from riotsim.ai import get_bot

    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=4)
    match = Match.new("riotquest", setup)
    host = Host(match, 0, size)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, size[0] - 32, size[1] - 88))
    bot = get_bot("random", 4)
    surface = pygame.Surface(size)
    for _ in range(150):
        if match.outcome().finished:
            break
        host.viewer_seat = match.to_move()
        action = bot.choose(match.ruleset, match.state, match.legal_actions(), 0.1)
        view.on_events(match.apply(action))
        view.update(0.2)
        view.draw(surface)
    assert match.state.phase in ("go", "cooldown", "over")
    assert view.painter is not None


def test_a_pending_placement_is_picked_on_the_board():
    """Spawning: the hero goes on a free hex next to its gate, chosen by clicking it."""
    gate = (3, 1)  # Thunderhead's Spawn Gate 1
    options = [[2, 1], [4, 1]]
    position = {
        **POSITION,
        "players": [
            {"crew": [{"id": "dez"}, {"id": "gubbin", "pos": [3, 9]}]},
            POSITION["players"][1],
        ],
        "pending": [{"kind": "place", "seat": 0, "data": {"hero": "dez", "options": options}}],
    }
    host, view = make_view(position=position)
    view.draw(pygame.Surface((1280, 800)))
    assert set(view.idx.hexes) == {(2, 1), (4, 1)}
    assert gate not in view.idx.hexes
    view.click(centre_of(view, (4, 1)))
    assert host.submitted == [Action.make("place", hero="dez", to=(4, 1))]
    assert host.match.state.heroes[0]["dez"].pos == (4, 1)


def test_equipping_from_the_hand_asks_which_hero():
    """Riot Gear: spend Loot equal to the cost to equip a hero in play."""
    host, view = make_view()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    rect, gear = next((r, g) for r, g in view.hand_rects if g == "bang_rounds")
    view.click(rect.center)
    assert view.popup is not None
    labels = [row[0] for row in view.popup.rows]
    assert labels == ["Bang Rounds on Dez", "Bang Rounds on Gubbin"]
    assert view.popup.pick(1)
    assert host.submitted == [Action.make("equip", hero="dez", gear="bang_rounds")]
    assert host.match.state.heroes[0]["dez"].gear == "bang_rounds"
    assert host.match.state.players[0].loot == 0


def test_gear_can_be_equipped_at_the_take_or_pass_choice():
    """Riot Gear may be equipped whenever the player has Priority: at the take-or-pass choice
    the bar offers Equip gear next to Take turn and Pass, and the choice stays open after."""
    position = {**POSITION, "pending": [{"kind": "turn", "seat": 0, "data": {}}]}
    host, view = make_view(position=position)
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    labels = [b.label for b, _ in view.buttons]
    assert "Equip gear" in labels and "Pass" in labels
    rect = next(r for r, g in view.hand_rects if g == "bang_rounds")
    view.click(rect.center)
    assert view.popup is not None and view.popup.pick(1)  # 1: the first row, on Dez
    assert host.submitted == [Action.make("equip", hero="dez", gear="bang_rounds")]
    state = host.match.state
    assert state.heroes[0]["dez"].gear == "bang_rounds" and state.pending[-1].kind == "turn"


def test_keyboard_selects_heroes_and_escape_cancels():
    host, view = make_view()
    view.refresh()
    assert view.key("tab")
    assert view.selected in {(0, "dez"), (0, "gubbin")}
    view.refresh()
    assert view.idx.hexes
    assert view.key("escape")
    assert view.selected is None
    view.refresh()
    assert view.idx.hexes == {}


def test_the_arena_choice_shows_both_arenas():
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=1, options={"decks": "rolloff"})
    match = Match.new("riotquest", setup)
    host = Host(match, None)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 1248, 712))
    surface = pygame.Surface((1280, 800))
    for _ in range(4):
        frame = match.state.pending[-1]
        host.viewer_seat = frame.seat
        view.draw(surface)
        if frame.kind == "arena":
            break
        view.click(next(r for r, a in view.setup_rects if a is not None).center)
    assert match.state.pending[-1].kind == "arena"
    assert set(view.thumbs) == {"thunderhead", "scrapyard"}
    rect, action = next((r, a) for r, a in view.setup_rects if a is not None)
    view.click(rect.center)
    assert match.state.arena is not None and match.state.arena.id == action["arena"]


@pytest.mark.parametrize(("players", "mode"), [(3, "party"), (4, "evicted")])
def test_random_clicks_never_break_the_view(players, mode):
    """Random hovers, clicks and keys between random moves, through set-up to play: the view
    only ever submits legal actions and never raises."""
    import random

    from riotsim.ai import get_bot

    pygame.font.init()
    names = tuple(PlayerSpec(n) for n in NAMES[:players])
    setup = GameSetup(names, seed=players, options={"crew_mode": mode, "decks": "rolloff"})
    match = Match.new("riotquest", setup)
    host = Host(match, 0, (1024, 640))
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(13, 58, 998, 569))
    bot = get_bot("random", players)
    rnd = random.Random(players)
    surface = pygame.Surface((1024, 640))
    for _ in range(120):
        if match.outcome().finished:
            break
        host.viewer_seat = match.to_move()
        for _ in range(3):
            pos = (rnd.randrange(1024), rnd.randrange(640))
            view.hover(pos)
            if rnd.random() < 0.3:
                view.click(pos)
            if rnd.random() < 0.2:
                view.key(rnd.choice(["escape", "tab", "1", "2", "return"]))
        view.draw(surface)
        view.update(0.1)
        if match.outcome().finished or not match.legal_actions():
            break
        view.on_events(
            match.apply(bot.choose(match.ruleset, match.state, match.legal_actions(), 0.05))
        )
    assert len(match.log) >= 100


def test_the_game_scene_hosts_this_view_with_hand_off(app):
    """In the app: the in-game scene picks this view for riotquest, hides the hand until the
    next player takes the seat, and clicks on set-up cards play through the scene."""
    from ui_helpers import frames

    from riotsim.ui.scenes.game import start_match

    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=3)
    scene = start_match(app, Match.new("riotquest", setup))
    frames(app, 2)
    assert isinstance(scene.view, RiotQuestView)
    if scene.covered:
        scene.reveal()
    frames(app, 1)
    view = scene.view
    rect, action = next((r, a) for r, a in view.setup_rects if a is not None)
    scene.click(rect.center)
    assert scene.match.log == [action]
    frames(app, 2)
    assert isinstance(scene.view, RiotQuestView)  # no error switched it to the generic view


def test_the_odds_use_the_dice_and_defence_the_rules_roll():
    """Making Attacks / Cover / Charge: the chooser's dice pool and DEF are exactly what the
    rules then roll and compare against (a fighter that ran first, a target in rubble)."""
    from riotsim.ui.views.riotquest_index import attack_pool

    position = {
        "arena": "thunderhead",
        "players": [
            {"crew": [{"id": "korga", "pos": [6, 6]}]},
            {"crew": [{"id": "dreyfus", "pos": [10, 6]}]},  # rubble: Cover
        ],
    }
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=9)
    match = Match(rules_set(), setup, start=position)
    match.apply(Action.make("activate", hero="korga"))
    match.apply(Action.make("run", hero="korga", to=(9, 6)))
    attack = next(a for a in match.legal_actions() if a.kind == "attack" and a["dice"] == 1)
    boost, power, defence = attack_pool(match.state, attack)
    events = match.apply(attack)
    rolled = {e.data["die"]: len(e.data["faces"]) for e in events if e.kind == "dice_rolled"}
    assert rolled == {"action": 1, "boost": boost, "power": power}
    result = next(e for e in events if e.kind == "attack")
    assert tuple(result.data["def"]) == defence
    assert defence == (4, 7)  # Sir Dreyfus's 3/6 plus Cover


def test_the_board_can_be_played_from_the_keyboard():
    """Arrow keys move a hex cursor (it hovers like the mouse); Space clicks the hex under it."""
    host, view = make_view()
    assert view.key("tab")  # select a hero that can activate
    view.selected = (0, "dez")
    view.invalidate()
    view.refresh()
    assert view.key("right")  # the cursor starts on the selected hero
    assert view.key_cell == (6, 6)
    assert view.key("left")
    assert view.key_cell == (5, 6)
    assert view.key_cell in view.idx.hexes
    assert view.key("space")
    assert host.submitted == [
        Action.make("activate", hero="dez"),
        Action.make("run", hero="dez", to=(5, 6)),
    ]


def _crew(*heroes: tuple[str, tuple[int, int], str | None]) -> list[dict]:
    return [{"id": h, "pos": list(pos), **({"gear": g} if g else {})} for h, pos, g in heroes]


# Thunderhead row 6: rubble (an obstacle: Cover) at cols 4 and 10.
CHOOSER_CASES = {
    # Charge: Korga (Fighter) runs, then his melee attack rolls one more Boost die; the
    # target stands in rubble (Cover, +1 DEF).
    "charge+cover": (
        _crew(("korga", (6, 6), None)),
        _crew(("dreyfus", (10, 6), None)),
        ["run hero=korga to=(9,6)"],
        ("korga", "dreyfus"),
    ),
    # Spotter: Eiryss (Scout) within 3 of the target gives Dez's ranged attack -1 DEF; Aim
    # (Dez is a Gunner) ignores the rubble's Cover.
    "spotter+aim": (
        _crew(("dez", (7, 6), None), ("eiryss", (9, 4), None)),
        _crew(("dreyfus", (10, 6), None)),
        [],
        ("dez", "dreyfus"),
    ),
    # Safeguard: Sir Dreyfus (Guard) next to Eiryss gives her +1 DEF against ranged attacks.
    "safeguard": (
        _crew(("gubbin", (6, 6), None)),
        _crew(("eiryss", (8, 6), None), ("dreyfus", (9, 6), None)),
        [],
        ("gubbin", "eiryss"),
    ),
    # Bang Rounds: one more Power die on ranged attacks.
    "bang-rounds": (
        _crew(("dez", (6, 6), "bang_rounds")),
        _crew(("dreyfus", (8, 6), None)),
        [],
        ("dez", "dreyfus"),
    ),
}


@pytest.mark.parametrize("case", sorted(CHOOSER_CASES))
def test_chooser_odds_are_the_roll_the_rules_make(case):
    """Making Attacks, Modifying Defense, Charge, Spotter, Safeguard, Aim, Riot Gear: the
    dice chooser's pool, DEF and every odds row come from ``rules.attack_pool``, and the
    attack then rolls exactly those dice against exactly that DEF."""
    mine, theirs, before, (attacker, target) = CHOOSER_CASES[case]
    position = {"arena": "thunderhead", "players": [{"crew": mine}, {"crew": theirs}]}
    host, view = make_view(position=position)
    host.submit(Action.make("activate", hero=attacker))
    for text in before:
        host.submit(Action.parse(text))
    view.invalidate()
    view.refresh()
    state = host.match.state
    view.click(centre_of(view, state.heroes[1][target].pos))
    popup = view.popup
    assert popup is not None, "the dice chooser opened"
    attack = next(
        a
        for a in host.match.legal_actions()
        if a.kind == "attack" and a["target"] == target and a["dice"] == 2
    )
    (n, boost, power), defence = rules.attack_pool(state, attack)
    weapon = rules.weapon(state.heroes[0][attacker], attack["weapon"])
    header = f"{weapon.name}: +{boost} Boost, +{power} Power vs DEF {defence[0]}/{defence[1]}"
    assert any(row[0] == header for row in popup.rows), (header, popup.rows)
    odds = odds_for(n, defence, boost, power)
    row = next(r for r in popup.rows if r[0] == "2 Action dice")
    assert row[1] == f"hit {odds.hit_percent}%  super {odds.super_percent}%"
    assert view.key("2")
    events = host.match.history[-1]
    rolled = {e.data["die"]: len(e.data["faces"]) for e in events if e.kind == "dice_rolled"}
    assert rolled == {k: v for k, v in (("action", n), ("boost", boost), ("power", power)) if v}
    result = next(e for e in events if e.kind == "attack")
    assert tuple(result.data["def"]) == defence
    assert (n, boost, power, defence) == EXPECTED_POOLS[case]


# the numbers the rulebook gives for these positions (hero cards in data/riotquest/heroes.yaml)
EXPECTED_POOLS = {
    "charge+cover": (2, 4, 1, (4, 7)),  # great axe 3 Boost + Charge; DEF 3/6 + Cover
    "spotter+aim": (2, 3, 1, (2, 5)),  # bazooka; DEF 3/6 - Spotter, Cover ignored (Aim)
    "safeguard": (2, 1, 1, (4, 6)),  # pistol; DEF 3/5 + Safeguard
    "bang-rounds": (2, 3, 2, (3, 6)),  # bazooka + Bang Rounds' Power die; DEF 3/6
}


# ---------------------------------------------------------------------------------------------
# QA pass: card text inside its box, places in words, bots' and replayed turns, log labels

SIZES = [(1280, 800), (1024, 640), (2560, 1440)]
OUTSIDE = (255, 0, 255, 255)


def _margin_untouched(paint, size, theme, *args) -> bool:
    """Draw a card in a box with a magenta margin around it: no pixel may land outside."""
    margin = 12
    surface = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
    surface.fill(OUTSIDE)
    paint(surface, pygame.Rect((margin, margin), size), theme, *args)
    w, h = surface.get_size()
    for x in range(w):
        for y in (*range(margin), *range(h - margin, h)):
            if tuple(surface.get_at((x, y))) != OUTSIDE:
                return False
    for y in range(margin, h - margin):
        for x in (*range(margin), *range(w - margin, w)):
            if tuple(surface.get_at((x, y))) != OUTSIDE:
                return False
    return True


@pytest.mark.parametrize("size", SIZES)
def test_every_card_text_stays_inside_its_card(size):
    """QA 1-2: hero, Bounty and Chest text shrinks or ends in '...' inside the card's box at
    every window size, at the sizes the side panel gives the cards."""
    from riotsim.games.riotquest.content import content

    pygame.font.init()
    host, view = make_view(0, size)
    th = host.theme
    side_w = view.side_rect.w
    card = ((side_w - 2 * th.px(8)) // 3, th.px(112))
    c = content()
    longest_gear = max(c.gear, key=lambda g: len(c.gear[g].text))
    for hero in c.heroes:
        for gear in (None, longest_gear):
            assert _margin_untouched(cards.hero_card, (side_w, th.px(110)), th, hero, gear), hero
    for bounty in c.bounties:
        assert _margin_untouched(cards.bounty_card, card, th, bounty), bounty
    for chest in c.chests:
        assert _margin_untouched(cards.chest_card, card, th, chest), chest


def test_fitted_text_shrinks_then_cuts_at_a_word_with_an_ellipsis():
    """QA 1: a long text first tries smaller fonts; if even the smallest cannot hold it, the
    kept lines are whole words and the last one ends in '...'."""
    pygame.font.init()
    th = T.Theme(1280, 800)
    text = "Special: Patch Up, range 1. Abilities: Tinker, Nimble, Rigger, Brutal."
    font, lines, cut = cards.fit_lines(text, th, 400, 200)
    assert not cut and lines == [text] and font.get_height() == th.fonts.get(12).get_height()
    small_font, lines, cut = cards.fit_lines(text, th, 150, 200)
    assert not cut and " ".join(lines) == text
    font, lines, cut = cards.fit_lines(text, th, 150, th.fonts.get(9).get_height())
    assert cut and len(lines) == 1 and lines[0].endswith("...")
    kept = lines[0].removesuffix("...").split()
    assert kept == text.split()[: len(kept)]  # whole words from the start
    assert all(font.size(line)[0] <= 150 for line in lines)


def test_hovering_a_card_shows_its_whole_text():
    """QA 1-2: the whole card can be read from a tooltip, however much the card had to cut."""
    position = {
        **POSITION,
        "bounty": {"deck": "mayhem", "draw": [], "active": ["marked_for_glory", "brain_drain"]},
    }
    host, view = make_view(0, (1024, 640), position)
    surface = pygame.Surface((1024, 640))
    view.hover(centre_of(view, (6, 6)))
    view.draw(surface)
    hero_rect, hero_text = view.card_tips[0]
    assert "Dez" in hero_text and "Bazooka" in hero_text
    view.hover(view.card_tips[1][0].center)
    view.draw(surface)
    rect = next(r for r, t in view.card_tips if t.startswith("Marked for Glory"))
    view.hover(rect.center)
    view.draw(surface)
    assert view.tooltip().startswith("Marked for Glory (2 VP)\n")
    assert "Knock the marked Hero out" in view.tooltip()


def _place_position():
    options = [[2, 1], [4, 1]]
    return {
        **POSITION,
        "players": [
            {"crew": [{"id": "dez"}, {"id": "gubbin", "pos": [3, 9]}]},
            POSITION["players"][1],
        ],
        "pending": [{"kind": "place", "seat": 0, "data": {"hero": "dez", "options": options}}],
    }


def test_the_log_names_places_as_players_read_them():
    """QA 3: 'Place Dez next to Spawn Gate 1', not raw coordinates; hovering the hex shows the
    same name with its short label."""
    host, view = make_view(position=_place_position())
    view.draw(pygame.Surface((1280, 800)))
    view.click(centre_of(view, (4, 1)))
    text = view.action_lines(0)[0][0]
    assert text == "Rosa: Place Dez next to Spawn Gate 1"
    assert "(" not in text
    view.hover(centre_of(view, (4, 1)))
    assert view.place_label() == "hex E2: next to Spawn Gate 1"
    view.hover(centre_of(view, (7, 6)))
    assert view.place_label() == "hex H7: the centre"


class BotHost(Host):
    """A host whose seat 0 is a bot (the human at the table is seat 1)."""

    def is_human(self, seat):
        return seat != 0


def test_a_bots_turn_shows_no_prompts_or_choices():
    """QA 4: while a bot decides, the bar says it is thinking and nothing can be clicked."""
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa", bot="greedy"), PlayerSpec("Kim")), seed=3)
    match = Match(rules_set(), setup, start=POSITION)
    host = BotHost(match, 0)  # even with the bot's seat as the viewer
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 1248, 712))
    surface = pygame.Surface((1280, 800))
    view.hover(centre_of(view, (6, 6)))
    view.draw(surface)
    assert view.prompt() == "Rosa (Greedy bot) is thinking..."
    assert view.buttons == [] and view.idx.hexes == {} and not view.idx.activatable
    view.click(centre_of(view, (6, 6)))
    view.key("tab")
    view.key("return")
    assert host.submitted == []


def test_bot_setup_choices_read_as_thinking():
    """QA 4: a bot's set-up decision has no 'Click a card' line and no clickable cards."""
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa", bot="greedy"), PlayerSpec("Kim")), seed=2)
    match = Match.new("riotquest", setup)
    host = BotHost(match, 0)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 1248, 712))
    view.draw(pygame.Surface((1280, 800)))
    assert match.state.pending[-1].kind == "crew"
    frame = match.state.pending[-1]
    assert view._setup_subtitle(frame) == "Rosa (Greedy bot) is thinking..."
    assert "Click" not in view.prompt()
    for rect, _ in view.setup_rects:
        view.click(rect.center)
    assert host.submitted == []


def test_a_replay_shows_the_table_without_prompts_or_choices():
    """QA 6: host.spectating (the replay viewer): no prompts, highlights or clickable moves."""
    host, view = make_view()
    host.spectating = True
    surface = pygame.Surface((1280, 800))
    view.hover(centre_of(view, (6, 6)))
    view.draw(surface)
    assert view.prompt() == "Replay: Rosa to move."
    assert view.buttons == [] and view.idx.hexes == {} and view.idx.attacks == {}
    view.click(centre_of(view, (6, 6)))
    view.click(centre_of(view, (8, 6)))
    assert host.submitted == [] and view.popup is None


def test_the_log_uses_the_labels_recorded_when_moves_were_played():
    """QA 7: log lines come from the shared action_text with host.labels and match.movers."""
    host, view = make_view()
    host.submit(Action.make("activate", hero="dez"))
    host.labels = {0: "Activate Dez (as recorded)"}
    view._log_cache.clear()
    assert view.action_lines(0)[0][0] == "Rosa: Activate Dez (as recorded)"
    assert host.match.movers[0] == 0


def test_a_crew_card_under_the_pointer_shows_its_whole_text():
    """QA 1: set-up cards cut at small windows; the tooltip shows the hero in full."""
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=2)
    match = Match.new("riotquest", setup)
    host = Host(match, 0, (1024, 640))
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 992, 552))
    surface = pygame.Surface((1024, 640))
    view.draw(surface)
    rect, action = next((r, a) for r, a in view.setup_rects if a is not None)
    view.hover(rect.center)
    view.draw(surface)
    text = view.tooltip()
    hero = action["hero"]
    assert text.startswith(match.ruleset.describe(match.state, action).removeprefix("Pick "))
    assert "SPD" in text and hero


def test_in_the_app_a_bots_setup_turn_reads_as_thinking(app):
    """QA 4 through the real in-game scene: a bot seat's decision shows no human prompt."""
    from riotsim.ui.scenes.game import start_match

    setup = GameSetup((PlayerSpec("Rosa", bot="random"), PlayerSpec("Kim")), seed=3)
    scene = start_match(app, Match.new("riotquest", setup))
    view = scene.view
    assert isinstance(view, RiotQuestView)
    assert scene.match.to_move() == 0 and not scene.is_human(0)
    view.draw(pygame.Surface((1280, 800)))
    assert view.prompt() == "Rosa (Random bot) is thinking..."
    assert all(a is None for _, a in view.setup_rects) and not view.buttons


def test_log_lines_are_chosen_by_the_event_class_and_an_unknown_kind_shows_its_text():
    """The log reads an event by its declared class (riotsim/games/riotquest/events.py); a
    Riot Quest kind not worth a line gives none, and a kind it does not know shows its text."""
    from riotsim.core.contract import Event
    from riotsim.games.riotquest import events as E
    from riotsim.ui.views.riotquest_log import event_line

    host = Host(Match.new("riotquest", GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")))), 0)
    hit = E.Damaged.of(player=1, hero="dez", n=2, total=2, attack=True)
    assert event_line(hit, host) == f"{cards.short_name('dez')} takes 2 damage"
    rolled = E.Rolled.of(die="action", faces=["strike", "super"], purpose="attack", seat=0)
    assert event_line(rolled, host) == "2 action dice: 3 strikes"
    assert event_line(E.Passed.of(player=0, seat=0), host) == ""
    mystery = Event("mystery", {"clue": 3})
    assert event_line(mystery, host) == str(mystery)


# ---------------------------------------------------------------------------------------------
# Issue 14: the action bar, refused clicks, card text on hover


def _bar(view):
    view.refresh()
    return {b.label: b for b, _ in view.buttons}


def test_the_action_bar_lists_the_activating_heros_actions_with_costs_and_reasons():
    """Activating: Run, Attack (each weapon), Raid, Rig, Equip, End activation; what the
    rules refuse is greyed, its reason on hover and on a click."""
    host, view = make_view()
    host.submit(Action.make("activate", hero="dez"))
    view.invalidate()
    view.refresh()
    bar = _bar(view)
    assert list(bar)[::-1] == ["Run", "Melee", "Ranged", "Raid", "Rig"] + [
        "Equip",
        "End",
    ]
    assert bar["Run"].enabled and bar["Run"].hint == "1 die"
    assert bar["Ranged"].enabled and bar["Ranged"].hint == "1-6 dice"
    assert not bar["End"].enabled and not bar["Raid"].enabled
    view.hover(bar["Raid"].rect.center)
    assert view.tooltip() == "no Chest in the arena"
    view.click(bar["End"].rect.center)
    assert host.notices == ["End: perform at least one action first"]
    assert host.submitted == [Action.make("activate", hero="dez")]
    view.click(bar["Ranged"].rect.center)  # one enemy in range: the dice chooser
    assert view.popup is not None and view.popup.title.startswith("Attack Dreyfus")


def test_a_selected_heros_bar_is_its_actions_once_activated():
    """The bar previews what the selected hero may do; a click activates it and acts."""
    host, view = make_view()
    view.click(centre_of(view, (6, 6)))
    bar = _bar(view)
    assert "Run" in bar and bar["Run"].enabled
    view.hover(centre_of(view, (6, 6)))
    view.click(bar["Melee"].rect.center)
    assert host.notices == ["Melee: no enemy within range 1 of the Dagger"]


def test_greyed_pass_and_equip_say_why_at_the_activate_choice():
    """Go Time: after taking the turn a hero activates (no pass); gear costs Loot."""
    position = {
        **POSITION,
        "players": [{**POSITION["players"][0], "loot": 1}, POSITION["players"][1]],
    }
    host, view = make_view(position=position)
    bar = _bar(view)
    assert not bar["Pass"].enabled and not bar["Equip"].enabled
    view.hover(bar["Equip"].rect.center)
    assert view.tooltip() == "the cheapest card in your hand costs 2 Loot; you have 1"


def test_a_click_the_rules_refuse_says_why():
    """Run (SPD), Making Attacks (range), Riot Gear (Loot): each refused click shows the
    rules' reason as a notice, and plays nothing."""
    position = {
        **POSITION,
        "players": [{**POSITION["players"][0], "loot": 1}, POSITION["players"][1]],
    }
    host, view = make_view(position=position)
    ruleset = host.match.ruleset
    state = host.match.state
    view.click(centre_of(view, (6, 6)))  # select Dez
    arena = state.arena
    reach = runs_of(host.match, "dez")
    far = next(
        c
        for c in sorted(arena.cells, key=lambda c: -arena.distance(c, (6, 6)))
        if c not in reach and c not in arena.blocked and c not in state.occ
    )
    view.click(centre_of(view, far))
    run = Action.make("run", hero="dez", to=far)
    assert host.notices[-1] == ruleset.refusal(state, run)
    assert host.notices[-1].startswith("that hex is")
    view.click(centre_of(view, (12, 5)))  # Eiryss, beyond the Bazooka's 3 hexes
    assert host.notices[-1].startswith("Eiryss is out of range:")
    assert host.notices[-1].endswith("Bazooka range 3")
    view.draw(pygame.Surface((1280, 800)))
    chip = next(r for r, g in view.hand_rects if g == "bang_rounds")
    view.click(chip.center)
    assert host.notices[-1] == "the Bang Rounds costs 3 Loot; you have 1"
    assert host.submitted == []


def test_card_text_is_one_hover_away():
    """Gear chips in the hand and the Equip list's rows show the whole card."""
    host, view = make_view()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    chip = next(r for r, g in view.hand_rects if g == "hyperspring_boots")
    view.hover(chip.center)
    text = view.tooltip()
    assert text.startswith("Hyperspring Boots (2 Loot)")
    view.draw(surface)
    view.click(chip.center)  # the Equip list for that card
    assert view.popup is not None
    view.hover(view.popup.row_rects[0].center)
    assert view.tooltip() == text
    view.draw(surface)


def test_the_dice_tray_shows_each_die_type_and_the_result_until_the_next_action():
    """Making Attacks / Super Damage: Action, Boost and Power dice are counted together
    against the target's DEF; the tray keeps them until the next action and the log
    replays them."""
    host, view = make_view()
    state = host.match.state
    faces = ["super", "super", "strike", "strike", "miss", "super"]  # 2 action, 3 boost, 1 power
    state.rng.script(*faces)
    host.submit(Action.make("activate", hero="dez"))
    host.submit(Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=2))
    attacked = next(e for e in host.match.history[-1] if e.kind == "attack")
    defence = attacked.data["def"]
    lines = view.tray.lines()
    assert lines[0].startswith("Rosa: Dez attacks")
    assert lines[1:4] == [
        "Action x2: super, super  4 strikes",
        "Boost x3: strike, strike, miss  2 strikes",
        "Power x1: super  2 strikes",
    ]
    assert lines[4] == f"8 strikes vs DEF {defence[0]}/{defence[1]}: hit, Super Damage"
    for _ in range(200):
        view.update(0.05)
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert view.tray.rect.w > 0 and view.arena_rect.contains(view.tray.rect)
    view.hover(view.tray.rect.center)  # the pointer over the tray: the board shows through
    blank = pygame.Surface((1280, 800), pygame.SRCALPHA)
    view._draw_tray(blank)
    assert blank.get_bounding_rect().w == 0
    view.hover((0, 0))
    view._draw_tray(blank)
    assert blank.get_bounding_rect() == view.tray.rect
    host.submit(Action.make("skip"))  # no Beatback
    assert view.tray.roll is None  # the next action rolled nothing
    view.draw(surface)
    line = next(r for r, i in view.log_rects if i == len(host.match.log) - 2)
    view.click(line.center)
    assert view.tray.lines()[0].startswith("Replay: Rosa: Dez attacks")
    assert view.tray.lines()[-1].endswith("hit, Super Damage")


def test_the_log_reads_moves_by_hex_and_groups_a_rolls_result():
    """Run: a run reads from where to where; Making Attacks: the dice and what they came to
    are one line; names, never ids or coordinates."""
    host, view = make_view()
    host.match.state.rng.script("super", "super", "strike", "strike", "miss", "super")
    host.submit(Action.make("activate", hero="dez"))
    host.submit(Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=2))
    attack = [text for text, _ in view.action_lines(1)]
    defence = next(e for e in host.match.history[1] if e.kind == "attack").data["def"]
    assert attack[1] == (
        f"   rolls 2 Action, 3 Boost and 1 Power dice: 8 strikes vs DEF "
        f"{defence[0]}/{defence[1]}: hit, Super Damage"
    )
    assert not any("dreyfus" in line or "(" in line.split(":")[-1] for line in attack[1:])
    host.submit(Action.make("skip"))
    cell = next(iter(sorted(a["to"] for a in host.match.legal_actions() if a.kind == "run")))
    host.submit(Action.make("run", hero="dez", to=cell))
    head = view.action_lines(3)[0][0]
    from riotsim.games.riotquest.describe import hex_label

    assert head.startswith(f"Rosa: Dez runs from G7 to {hex_label(cell)}")


def test_the_full_log_says_what_the_side_log_says(app):
    """The full log (L) and the side log are written by the same lines."""
    from ui_helpers import frames

    from riotsim.ui.scenes.game import start_match
    from riotsim.ui.scenes.overlays import TextOverlay

    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=3)
    scene = start_match(app, Match(rules_set(), setup, start=POSITION))
    frames(app, 2)
    if scene.covered:
        scene.reveal()
    scene.match.state.rng.script("strike", "miss", "miss", "miss", "miss", "miss")
    assert scene.submit(Action.make("activate", hero="dez"))
    assert scene.submit(
        Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=2)
    )
    frames(app, 1)
    side = [text.strip() for text, _ in scene.view.log_lines()]
    scene.open_log()
    overlay = app.stack.top
    assert isinstance(overlay, TextOverlay)
    full = [text.split(".  ", 1)[-1] for _, text in overlay.panel_widget.blocks]
    assert full == side


def test_weapon_names_and_bounty_titles_are_whole_at_1024x640(monkeypatch):
    """Polish (issue 14): at the smallest window the crew draft's hero cards show each
    weapon's whole name, and every Bounty title fits its side-panel card uncut."""
    from riotsim.games.riotquest.content import content

    pygame.font.init()
    c = content()
    weapon_names = {w.name for h in c.heroes.values() for w in h.weapons}
    drawn: list[tuple[str, bool]] = []
    real = cards.D.text

    def text(surface, s, font, colour, pos, anchor="topleft", max_width=None, *a, **k):
        if s in weapon_names:
            drawn.append((s, max_width is None or font.size(s)[0] <= max_width))
        return real(surface, s, font, colour, pos, anchor, max_width, *a, **k)

    monkeypatch.setattr(cards.D, "text", text)
    monkeypatch.setattr(cards, "_CARD_CACHE", {})  # draw every card afresh
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=3)
    host = Host(Match.new("riotquest", setup), 0, (1024, 640))
    view = RiotQuestView(host)
    view.layout(pygame.Rect(16, 72, 1024 - 32, 640 - 88))
    view.draw(pygame.Surface((1024, 640)))
    assert host.match.state.pending[-1].kind == "crew"
    assert {name for name, _ in drawn} == weapon_names
    assert [name for name, whole in drawn if not whole] == []
    th = host.theme
    card_w = (view.side_rect.w - 2 * th.px(8)) // 3
    for bounty_id, bounty in c.bounties.items():
        _, lines, _ = cards.bounty_title(th, card_w, bounty_id)
        assert " ".join(lines) == bounty.name


def test_a_crew_being_built_stays_hidden_from_the_other_player():
    """Building Your Crew (our ruling: secret until all crews are built): the next picker's
    screen shows neither the earlier crew on its panel nor its picks in the log."""
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=3)
    host = Host(Match.new("riotquest", setup), 0)
    for hero in ("dez", "gubbin", "dreyfus", "eiryss", "bamfist"):
        host.submit(Action.make("pick", hero=hero))
    host.submit(Action.make("done"))
    host.viewer_seat = 1  # Kim takes the seat to build hers
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, 1248, 712))
    view.draw(pygame.Surface((1280, 800)))
    assert view.seen_crew(0) == {}
    assert [view.action_lines(i)[0][0] for i in range(2)] == ["Rosa adds a hero to the crew"] * 2
    assert "Dez" not in " ".join(text for _, text in view.log_blocks())
    host.viewer_seat = 0
    view.invalidate()
    assert view.action_lines(0)[0][0] == "Rosa: Pick Dez"
    assert set(view.seen_crew(0)) == {"dez", "gubbin", "dreyfus", "eiryss", "bamfist"}


def test_the_chest_on_the_board_shows_its_card_and_a_raid_from_afar_says_why():
    """Treasure Beacons, Treasure Chests & Raiding: a raid needs the Chest next to the hero."""
    from riotsim.games.riotquest.arena import get_arena

    beacon = min(get_arena("thunderhead").beacons.values(), key=lambda c: c[0])
    position = {**POSITION, "chest": {"id": "iron_chest", "pos": list(beacon)}}
    host, view = make_view(position=position)
    view.draw(pygame.Surface((1280, 800)))
    view.hover(centre_of(view, beacon))
    assert view.tooltip().startswith("Iron Chest\nFighters raid it for free.")
    view.click(centre_of(view, (6, 6)))  # select Dez
    view.click(centre_of(view, beacon))
    assert host.notices == ["no chest adjacent: the Chest is not next to Dez"]
    assert host.submitted == []


def test_a_placement_off_the_glowing_hexes_says_why():
    """Spawning: a spawned hero goes on a free hex next to its Spawn Gate."""
    host, view = make_view(position=_place_position())
    view.draw(pygame.Surface((1280, 800)))
    view.click(centre_of(view, (7, 6)))
    assert host.notices == [
        "a spawned hero goes on a free hex next to its Spawn Gate (a glowing hex)"
    ]
    assert host.submitted == []


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_zoomed_in_a_click_still_picks_the_hex_under_it(size):
    """Zoom (wheel about the pointer, +/- keys, 0 to fit): hexes grow, clicks map through the
    zoom, so a run to the clicked hex is the run the rules get."""
    host, view = make_view(size=size)
    surface = pygame.Surface(size)
    view.draw(surface)
    fitted = view.painter.hex_size
    dez = centre_of(view, (6, 6))
    assert view.wheel(dez, 1) and view.wheel(dez, 1)
    assert view.painter.hex_size > fitted * 1.5
    assert abs(centre_of(view, (6, 6))[0] - dez[0]) <= 2  # zoomed about the pointer
    view.draw(surface)
    view.hover(centre_of(view, (6, 6)))
    view.click(centre_of(view, (6, 6)))  # select Dez
    cell = max(runs_of(host.match, "dez"), key=lambda c: (c[1], c[0]))
    pos = centre_of(view, cell)
    assert view.arena_rect.collidepoint(pos)
    view.hover(pos)
    assert view.hover_cell == cell
    view.click(pos)
    assert host.submitted[-1] == Action.make("run", hero="dez", to=cell)
    view.fast_forward()
    assert view.key("0") and view.painter.hex_size == pytest.approx(fitted)


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_a_zoomed_board_pans_by_drag_and_keys_and_stays_in_its_panel(size):
    host, view = make_view(size=size)
    assert view.key("+") and view.key("+")
    painter = view.painter
    start = painter.to_screen((6, 6))
    mid = view.arena_rect.center
    view.click(mid, 2)  # middle drag
    view.hover((mid[0] + 40, mid[1] + 30))
    view.release((mid[0] + 40, mid[1] + 30), 2)
    moved = painter.to_screen((6, 6))
    assert moved[0] == pytest.approx(start[0] + 40, abs=1)
    view.click(mid, 3)  # a right drag pans too, and cancels nothing
    view.hover((mid[0] + 9000, mid[1] + 9000))
    view.release((mid[0] + 9000, mid[1] + 9000), 3)
    assert painter.rect == view.arena_rect  # clamped: the map still covers its panel
    # the side panel is not zoomed: a point over it picks no hex
    assert painter.at((view.side_rect.centerx, view.side_rect.centery)) is None
    surface = pygame.Surface(size)
    view.draw(surface)
    view.key("left")  # arrows step the hex cursor; the board follows it
    assert view.key_cell is not None
    assert view.arena_rect.collidepoint(centre_of(view, view.key_cell))


def test_a_right_click_when_zoomed_in_still_cancels_a_selection():
    host, view = make_view()
    view.key("+")
    view.click(centre_of(view, (6, 6)))
    assert view.selected == (0, "dez") or view.idx.focus == (0, "dez")
    view.click(view.arena_rect.center, 3)
    view.release(view.arena_rect.center, 3)
    assert view.selected is None


def test_a_bots_move_glides_then_its_hexes_fade_and_the_next_bot_move_waits(app):
    """Issue 14: a bot's run glides hex to hex as a human's does, then the hexes it left and
    reached glow and fade over about a second; the next bot move waits for the glide."""
    from ui_helpers import frames

    from riotsim.ui.scenes.game import start_match
    from riotsim.ui.views.riotquest_anim import HeroGlide

    setup = GameSetup((PlayerSpec("Rosa", bot="random"), PlayerSpec("Kim", bot="random")), seed=3)
    scene = start_match(app, Match(rules_set(), setup, start=POSITION))
    view = scene.view
    glide = None
    for _ in range(600):  # bots play until one of them moves a hero
        frames(app, 1, dt=0.05)
        scene.wait_for_bots(5)
        glide = next((a for a in view.anims.active if isinstance(a, HeroGlide)), None)
        if glide is not None:
            break
    assert glide is not None and glide.t < glide.duration
    marks = view.marks.marks
    assert view.marks.showing
    assert {(0, 0, 0)} != {m.colour for m in marks}
    assert any(view.painter.polygon(glide.cells[0], 0.06) == list(m.shape()) for m in marks)
    assert any(view.painter.polygon(glide.cells[-1], 0.06) == list(m.shape()) for m in marks)
    moves = len(scene.match.log)
    while not glide.done:  # the bot waits for the glide (its answer may be long ready)
        assert all(m.alpha == 1.0 for m in marks)  # held: the fade starts after the glide
        scene.wait_for_bots(5)
        frames(app, 1, dt=1 / 60)
        assert len(scene.match.log) == moves or glide.done
    first = marks[0]
    frames(app, 1, dt=0.05)
    assert 0 < first.alpha < 1  # fading (the animation speed is x3 here)
    for _ in range(8):
        frames(app, 1, dt=0.05)
    assert first.done and first not in view.marks.marks  # gone after about a second


def test_clicking_a_move_in_the_full_log_shows_its_dice_again(app):
    """Issue 14, the dice tray "replayable from the log": in the full log (L), clicking the
    heading of a move that rolled puts its dice back in the tray and shows the board (any
    view with a tray: Riot Quest here, Quodd Heroes in test_quodd_view.py)."""
    from ui_helpers import frames

    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.events import DiceRolled
    from riotsim.core.match import Match
    from riotsim.core.rng import Rng
    from riotsim.ui.scenes.opening import start_match
    from riotsim.ui.scenes.overlays import TextOverlay

    rules = registry.get("riotquest")
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Ugo")), seed=4)
    match = Match(rules, setup, game_id="riotquest")
    game = start_match(app, match)
    pick = Rng(4)
    for _ in range(400):  # until some move has rolled dice
        if any(isinstance(e, DiceRolled) for events in match.history for e in events):
            break
        legal = match.legal_actions()
        match.apply(legal[pick.below(len(legal))])
    rolled = next(
        i
        for i, events in enumerate(match.history)
        if any(isinstance(e, DiceRolled) for e in events)
    )
    if game.covered:
        game.reveal()
    game.view.tray.clear()
    game.key("l")
    log = app.stack.top
    assert isinstance(log, TextOverlay) and log.on_heading is not None
    assert log.hint == "Click a move to see its dice again."
    index = next(
        i
        for i, (style, text) in enumerate(log.panel_widget.blocks)
        if style == "h2" and text.startswith(f"{rolled + 1}.")
    )
    panel = log.panel_widget
    frames(app, 1)
    panel.scroll_to_block(app.theme, index)
    frames(app, 1)  # (drawing clamps the scroll)
    inner = panel._inner(app.theme)
    y = inner.top + panel._layout_lines(app.theme, inner.w).block_tops[index] - panel.offset
    assert panel.block_at(app.theme, (inner.centerx, y + 4)) == index
    log.click((inner.centerx, y + 4))
    assert app.stack.top is game
    assert game.view.tray.roll is not None and game.view.tray.roll.title.startswith("Replay: ")


def test_a_move_headline_words_its_destination_in_italian():
    """Issue 17: the move headline takes the whole destination phrase, so Italian joins "to"
    with the place ("al centro", "al Faro 5", "a G5"), never "a il centro"."""
    from riotsim.games.riotquest import events as E
    from riotsim.i18n import set_language
    from riotsim.ui.views.riotquest_log import move_headline

    host, view = make_view()
    arena = host.match.state.arena
    beacon = next(iter(arena.beacon_of))
    start = (6, 6)
    lines = {}
    set_language("it")
    try:
        for place in (arena.centre, beacon):
            path = [list(start), list(place)]
            run = E.Moved.raw({"player": 0, "hero": "dez", "path": path, "how": "run"})
            lines[place] = move_headline(arena, "dez", [run])
    finally:
        set_language("en")
    assert lines[arena.centre] == "Dez corre da G7 al centro"
    assert lines[beacon] == f"Dez corre da G7 al Faro {arena.beacon_of[beacon]}"
