"""Random playouts over every scenario: games end, invariants hold, replays are identical."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET, beams, catalog
from riotsim.games.quodd.board import BEAM_KINDS, PIECE_KINDS
from riotsim.games.quodd.state import State

SCENARIOS = list(catalog.scenarios())
MAX_ACTIONS = 4000
MODES = ("coop", "teams", "overlord")


def setup(scenario: str, seats: int, seed: int) -> GameSetup:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return GameSetup(players, seed=seed, scenario=scenario)


def check_invariants(state: State, whole_deck: bool = True) -> None:
    cells = [h.pos for h in state.heroes]
    assert len(set(cells)) == len(cells), "two heroes share a square"
    for hero in state.heroes:
        assert state.board.on_board(hero.pos)
        hero.cube.check()
        assert sorted(hero.skills.values()) == sorted(catalog.SKILLS)
        assert len(hero.track) <= 6
        assert set(hero.frozen) <= set(hero.skills.values()), "a frozen skill the hero lacks"
    assert len(state.board.find("bomb")) <= 10, "more bombs than the box's ten dice"
    cards = list(state.deck) + list(state.lineup) + list(state.discard)
    for hero in state.heroes:
        cards += hero.hand + hero.items + hero.pets
    if state.overlord >= 0:  # issue 13 part B: the Overlord's own deck and discard
        cards += list(state.overlord_deck) + list(state.overlord_discard)
    if whole_deck and (state.deck or state.lineup or cards):
        deck = catalog.deck_list() + catalog.added_cards(state.scenario)  # a scenario's own cards
        if state.overlord >= 0 and not catalog.scenarios()[state.scenario].no_cards:
            deck += catalog.overlord_deck_list()
        assert sorted(cards) == sorted(deck), "cards were created or lost"
    check_moving_board(state)
    if state.phase != "over":
        assert RULESET.legal_actions(state), "a live game with nothing to do"
        assert RULESET.to_move(state) is not None
    if RULESET.to_move(state) is not None:
        # FAQ (walled in): a seat that must move always has a legal action
        assert RULESET.legal_actions(state), "a seat must move and has no legal action"


def check_moving_board(state: State) -> None:
    """Spec X9: the moving board's invariants (bombs, sheep, platforms, beams)."""
    board = state.board
    numbers = [t.get("number") for c in board.cells() for t in board.at(c) if t.kind in PIECE_KINDS]
    assert len(numbers) == len(set(numbers)), f"piece numbers repeat: {numbers}"
    assert all(0 <= n < state.next_id for n in numbers), f"a number past next_id {state.next_id}"
    assert len(board.find("bomb")) <= 10, "more bombs than the box's ten"
    carried = sum(c.startswith("sheep") for h in state.heroes for c in h.carrying)
    assert len(board.find("sheep")) + carried <= 10, "more sheep than the box's ten"
    _check_platforms(state)
    if state.resolving:
        return  # mid-resolution: a piece may stand where its arrival is still to resolve
    heroes = {h.pos for h in state.heroes}
    for cell in board.cells():
        kinds = [t.kind for t in board.at(cell)]
        pieces = [k for k in kinds if k in ("sheep", "bomb", "crystal")] + ["hero"] * (
            cell in heroes
        )
        assert len(pieces) <= 1, f"{pieces} share {cell}"
        if not pieces:
            continue
        # S23: a sheep a beam caught waits on its square while the first player picks where
        # beside the taken respawn point it goes (a pending sheep_respawn for it)
        waiting = any(
            d.kind == "sheep_respawn"
            and any(t.get("number") == d.data.get("id") for t in board.at(cell))
            for d in state.pending
        )
        assert waiting or cell not in board.lit, f"a {pieces[0]} on the lit square {cell}"
        assert not BEAM_KINDS & set(kinds), f"a {pieces[0]} on a beam part at {cell}"
        if pieces[0] != "hero":
            assert not board.is_wall(cell), f"a {pieces[0]} on a wall at {cell}"
        if pieces[0] in PIECE_KINDS:
            assert not board.is_pit(cell), f"a {pieces[0]} in the pit at {cell}"
    assert not beams.stale(board), "the stored lit set is not a fresh trace"
    for cell in board.find("emitter"):
        for t in board.at(cell):
            if t.kind == "emitter" and t.get("link") is not None:
                on = beams.linked_on(board, t.get("link"))
                assert bool(t.get("on", 0)) == on, f"linked emitter at {cell} on={t.get('on')}"


def _check_platforms(state: State) -> None:
    board = state.board
    taken: set = set()
    for platform in board.platforms:
        cells = set(platform.cells)
        assert not cells & taken, f"platform {platform.id} overlaps another"
        taken |= cells
        assert all(board.on_board(c) for c in cells), f"platform {platform.id} off the board"
        assert {b[0] for b in platform.beneath} == cells, f"platform {platform.id} beneath"
        assert all(board.platform_at(c) is not None for c in cells)


def check_round_trip(state: State) -> None:
    """A save (position) read back gives the same state and the same legal actions."""
    restored = RULESET.from_position(RULESET.to_position(state))
    assert RULESET.state_hash(restored) == RULESET.state_hash(state), "save round trip"
    assert RULESET.legal_actions(restored) == RULESET.legal_actions(state), "saved options"


def playout(
    scenario: str, seats: int, seed: int, plies: int = MAX_ACTIONS, saves: bool = False
) -> tuple[list, State]:
    state = RULESET.new_state(setup(scenario, seats, seed))
    chooser = Rng(seed * 7919 + 1)
    log = []
    for _ in range(plies):
        if state.phase == "over":
            break
        actions = RULESET.legal_actions(state)
        action = chooser.choice(actions)
        RULESET.apply(state, action)
        log.append(action)
        check_invariants(state)
        if saves:
            check_round_trip(state)
    return log, state


SANDBOX = "sandbox_moving_board"


@pytest.mark.parametrize("seats,seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_moving_board_sandbox_playouts(seats, seed):
    """Spec X9: random play on the sandbox holding every moving-board mechanism at once
    (bombs and a cannon, grey/white/black sheep, sliding and rotating platforms, emitters,
    a reflector, a rotator, a mover and a power block), 1-4 heroes: the X9 invariants and a
    save round trip after every action."""
    log, state = playout(SANDBOX, seats, seed, plies=400, saves=True)
    assert log


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_moving_board_sandbox_long(seats):
    """Spec X9, longer: whole games on the sandbox, several seeds, saves every action."""
    for seed in range(6):
        _, state = playout(SANDBOX, seats, 100 + seed, saves=True)
        assert state.phase == "over"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_playouts_finish_with_invariants(scenario):
    """Random play ends at the latest at the round limit; invariants hold at every step."""
    spec = catalog.scenarios()[scenario]
    seats = 3 if spec.mode == "ffa" else 1
    seats = min(max(seats, spec.players[0]), spec.players[1])  # co-op, teams, overlord
    log, state = playout(scenario, seats, seed=11)
    assert state.phase == "over", f"{scenario} did not finish in {MAX_ACTIONS} actions"
    assert RULESET.outcome(state).finished


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_replay_is_deterministic(scenario, seed):
    """Determinism: the same setup, seed and actions give the same state hash."""
    spec = catalog.scenarios()[scenario]
    seats = 2 if spec.mode == "ffa" else 1
    seats = min(max(seats, spec.players[0]), spec.players[1])  # co-op, teams, overlord
    log, state = playout(scenario, seats, seed)
    again = RULESET.new_state(setup(scenario, seats, seed))
    for action in log:
        RULESET.apply(again, action)
    assert RULESET.state_hash(again) == RULESET.state_hash(state)


def test_position_round_trip_and_copy_independence():
    """Positions round-trip; a copy changes without touching the original."""
    log, state = playout("ffa_scramble", 2, 5)
    restored = RULESET.from_position(RULESET.to_position(state))
    assert RULESET.state_hash(restored) == RULESET.state_hash(state)
    state = RULESET.new_state(setup("solo_crystals", 1, 3))
    clone = RULESET.copy(state)
    for action in RULESET.legal_actions(state)[:1]:
        RULESET.apply(clone, action)
    assert RULESET.state_hash(clone) != RULESET.state_hash(state)


def test_mid_game_positions_round_trip():
    """Positions saved in the middle of decisions and frames restore exactly."""
    state = RULESET.new_state(setup("tutorial_2", 1, 4))
    chooser = Rng(99)
    for _ in range(150):
        if state.phase == "over":
            break
        RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
        restored = RULESET.from_position(RULESET.to_position(state))
        assert RULESET.legal_actions(restored) == RULESET.legal_actions(state)


# Cramped boards where heroes get walled in, fall through trap doors together, come up
# under each other and crowd the few respawn points.
CRAMPED = [
    [
        "R.W.#.U.R",
        ".WkW.x.C.",
        "..W.#x...",
        "U.T.fxWC.",
        "..xWkW#..",
        "R#.W.W.WU",
    ],
    [
        "W.W.R.W.W",
        ".WkW.WUW.",
        "W.W.x.W.W",
        ".U.xRx.T.",
        "W.W.x.W.W",
        ".W.W.WCWC",
    ],
]


@pytest.mark.parametrize("rows", CRAMPED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cramped_playouts_never_leave_a_seat_without_a_move(rows, seed):
    """FAQ (walled in), Trap Door, Landing on Other Heroes, Pits and Respawning: random play
    on cramped boards with three heroes - invariants hold after every action."""
    heroes = [
        {"hero": h, "at": list(at)}
        for h, at in zip(("rok", "forest", "mirra"), ((1, 0), (3, 2), (7, 4)), strict=True)
    ]
    deck = ["pickaxe", "compass", "earth_rune", "mole", "picnic_basket", "stone_rune"]
    state = RULESET.from_position({"rows": rows, "heroes": heroes, "deck": deck, "seed": seed})
    chooser = Rng(seed)
    for _ in range(600):
        actions = RULESET.legal_actions(state)
        RULESET.apply(state, chooser.choice(actions))
        check_invariants(state, whole_deck=False)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_many_playouts(scenario):
    """Longer fuzzing over 1-6 players (slow)."""
    spec = catalog.scenarios()[scenario]
    for seed in range(10):
        seats = 2 + seed % 5 if spec.mode == "ffa" else 1 + seed % 4
        seats = min(max(seats, spec.players[0]), spec.players[1])
        _, state = playout(scenario, seats, seed)
        assert state.phase == "over"


def test_save_and_load_replays_to_the_same_state(tmp_path):
    """Saves replay the action log and check the snapshot hash (DESIGN: Match, saves)."""
    from riotsim.core.match import Match

    match = Match(RULESET, setup("solo_crystals", 1, 8))
    chooser = Rng(8)
    for _ in range(120):
        if match.state.phase == "over":
            break
        match.apply(chooser.choice(match.legal_actions()))
    path = tmp_path / "quodd.save"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state_hash() == match.state_hash()
    assert loaded.legal_actions() == match.legal_actions()


def test_unlimited_undo_for_solo_play():
    """Solo play: undo is allowed (unlimited undo)."""
    from riotsim.core.match import Match

    match = Match(RULESET, setup("tutorial_3", 1, 2))
    before = match.state_hash()
    match.apply(match.legal_actions()[0])
    assert match.can_undo()
    match.undo()
    assert match.state_hash() == before


@pytest.mark.parametrize("scenario,seats", [("ffa_scramble", 3), ("solo_treasure", 1)])
def test_applying_to_a_copy_never_touches_the_original(scenario, seats):
    """Copies are independent at every step, including mid-decision and mid-resolution
    (state copies share nothing that the rules edit in place)."""
    state = RULESET.new_state(setup(scenario, seats, 8))
    chooser = Rng(8)
    for _ in range(150):
        if state.phase == "over":
            break
        before = RULESET.state_hash(state)
        for action in RULESET.legal_actions(state)[:3]:
            RULESET.apply(RULESET.copy(state), action)
        assert RULESET.state_hash(state) == before
        RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))


# -- world events (issue 13 part A) ----------------------------------------------------------


@pytest.mark.parametrize(
    "scenario,seats,seed", [("ffa_race", 3, 5), (SANDBOX, 2, 6), ("ffa_scramble", 4, 7)]
)
def test_world_event_playouts(scenario, seats, seed):
    """Spec W1-W6 and I7: random play with the World Event deck on (Aang, who may ignore
    world events, among the heroes): the invariants and a save round trip after every
    action, and no World Event card created or lost (deck, discard and the card being
    resolved are always the 34)."""
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    options = {"world_events": True, "heroes": ["aang", "rok", "trixie", "forest"]}
    state = RULESET.new_state(GameSetup(players, seed=seed, scenario=scenario, options=options))
    state.heroes[0].track.append(("aang_spirit", "b"))  # Ignore World Events from the start
    chooser = Rng(seed * 31 + 7)
    drawn = 0
    for _ in range(700):
        if state.phase == "over":
            break
        events = RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
        drawn += sum(e.kind == "world_event_drawn" for e in events)
        check_invariants(state)
        check_round_trip(state)
        held = [f["card"] for f in state.resolving if f["type"] == "world_event"]
        cards = state.world_deck + state.world_discard + held
        assert sorted(cards) == sorted(catalog.world_deck_list()), "world cards created or lost"
    assert drawn >= 3


# Issue 13 part D: heroes holding every new icon (spec I1-I5) on the scenarios with treasure
# cards (R1) and the time tracker (K1), and on the sandbox with its cannon and teleporters.
NEW_ICON_TRACKS = {
    "trixie": [["trixie_voice", "b"]],
    "forest": [["forest_stream", "b"], ["forest_canopy", "a"]],
    "mirra": [["mirra_shine", "b"]],
    "tobin": [["tobin_engine", "a"], ["tobin_pockets", "b"]],
}


def check_part_d(state: State) -> None:
    """R1: treasure cards are neither created nor lost; K1: the tracker never goes below 0,
    and at 0 the game is over."""
    from riotsim.games.quodd import treasure

    held = [c for h in state.heroes for c in h.loot]
    pile = state.treasure_deck + state.treasure_discard + held
    if catalog.scenarios()[state.scenario].treasure_cards:
        assert sorted(pile) == sorted(treasure.cards()), "treasure cards were created or lost"
    else:
        assert not pile
    assert state.timer >= -1
    if state.timer == 0:
        assert state.phase == "over", "the time tracker is at 0 and the game goes on"


@pytest.mark.parametrize(
    "scenario,seed", [("solo_loot", 21), ("solo_time_trial", 22), (SANDBOX, 23), (SANDBOX, 24)]
)
def test_new_icons_treasure_and_time_playouts(scenario, seed):
    """Spec I1-I5, R1, K1 under random play: four heroes with the new icons; the invariants
    (the deck's and the treasure deck's cards kept, the tracker) and a save round trip after
    every action."""
    heroes = list(NEW_ICON_TRACKS)
    carry = [{"hero": h, "track": NEW_ICON_TRACKS[h]} for h in heroes]
    players = tuple(PlayerSpec(f"P{i}") for i in range(4))
    state = RULESET.new_state(
        GameSetup(players, seed=seed, scenario=scenario, options={"heroes": heroes, "carry": carry})
    )
    chooser = Rng(seed)
    for _ in range(500):
        if state.phase == "over":
            break
        RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
        check_invariants(state)
        check_part_d(state)
        check_round_trip(state)


# -- co-op, teams and overlord (issue 13 part B) ----------------------------------------------

MODE_SCENARIOS = [s.id for s in catalog.scenarios().values() if s.mode in MODES]


def check_mode_step(before: State, after: State) -> None:
    """Co-op, teams, overlord: a card that left one hero's hand and reached another's in one
    action went between teammates (T1); Overlord cards stay with the Overlord (O1); a
    finished game's winners are whole teams (M2-M4)."""
    from collections import Counter

    # a buddy joining mid-game is a new hero with no hand (spec Y1, Y2)
    old = {h.seat: h.hand for h in before.heroes}
    gained = {h.seat: Counter(h.hand) - Counter(old.get(h.seat, [])) for h in after.heroes}
    lost = {h.seat: Counter(old.get(h.seat, [])) - Counter(h.hand) for h in after.heroes}
    for taker, cards in gained.items():
        for giver, gone in lost.items():
            if giver != taker and cards & gone:
                assert after.same_team(giver, taker), f"hero {giver} passed a card to {taker}"
    if after.overlord >= 0:
        own = {c.id for c in catalog.cards().values() if c.deck == "overlord"}
        for hero in after.heroes:
            if hero.seat != after.overlord:
                assert not own & set(hero.hand + hero.items + hero.pets), "an Overlord card moved"
        assert not own & set(after.deck + after.discard + after.lineup), "Overlord card in main"
    if after.phase == "over" and after.winners:
        won = {after.heroes[i].team for i in after.winners}
        assert after.winners == [h.seat for h in after.heroes if h.team in won], "half a team won"


@pytest.mark.parametrize("scenario", MODE_SCENARIOS)
def test_mode_playouts_keep_teams_whole(scenario):
    """Random play of each co-op, teams and overlord scenario at each of its seat counts:
    the invariants, plus cards only moving between teammates and whole teams winning."""
    spec = catalog.scenarios()[scenario]
    low, high = spec.players
    for seats in range(low, high + 1):
        state = RULESET.new_state(setup(scenario, seats, seats))
        chooser = Rng(seats * 31 + 7)
        for _ in range(MAX_ACTIONS):
            if state.phase == "over":
                break
            before = RULESET.copy(state)
            RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
            check_invariants(state)
            check_mode_step(before, state)
        assert state.phase == "over", f"{scenario} with {seats} did not finish"


# -- buddies and the B-side (issue 13 part C) ---------------------------------------------------


def check_buddies_and_slots(state: State) -> None:
    """Spec Y2, Y3, S1, S5: buddies hold no cards and carry at most two collectibles; a
    B-side board has at most one tile a face, Q-cost tiles only on the Q face, no track."""
    from riotsim.games.quodd import bside

    for hero in state.heroes:
        if hero.buddy:
            assert not hero.hand and not hero.items and not hero.pets, "a buddy holds cards"
            assert len(hero.carrying) <= 2, "a buddy carries more than two collectibles"
            assert not hero.track and not hero.slots, "a buddy upgraded"
            assert not state.heroes[hero.controller].buddy
        if hero.side == "b":
            assert not hero.track, "a B-side hero with an upgrade track"
            tiles = [t for t, _ in hero.slots.values()]
            assert len(tiles) == len(set(tiles)) <= 6
            for face, (tile, side) in hero.slots.items():
                assert face == "q" or not bside.q_only(hero, tile, side), "a Q tile off Q"


@pytest.mark.parametrize(
    "scenario,seats,seed",
    [("solo_buddy_rescue", 1, 3), ("solo_buddy_crystals", 1, 4), ("coop_buddy_rally", 2, 5)],
)
def test_buddy_and_bside_playouts(scenario, seats, seed):
    """Random play with buddies joining and B-side boards: the invariants above, the usual
    ones and a save round trip after every action."""
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    options = {"sides": ["b"] * seats}
    state = RULESET.new_state(GameSetup(players, seed=seed, scenario=scenario, options=options))
    chooser = Rng(seed)
    for _ in range(1500):
        if state.phase == "over":
            break
        RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
        check_invariants(state)
        check_buddies_and_slots(state)
        check_round_trip(state)
    assert state.phase == "over"
