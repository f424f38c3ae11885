"""The hand-written copies of the state (bots copy one for every action they try): every
field is carried over, and no list or dict is shared with the original."""

from __future__ import annotations

from dataclasses import fields

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.state import Hero, State, Turn

# Containers the copies share on purpose: replaced whole by the rules, never edited in place
# (see Board.copy and State.copy).
SHARED = {
    (Board, "ground"),
    (Board, "sections"),
    (Board, "_codes"),
    (Board, "_counts"),
}


def _mid_game(seed: int = 3, plies: int = 60) -> State:
    state = RULESET.new_state(GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=seed))
    rng = Rng(seed)
    for _ in range(plies):
        if RULESET.to_move(state) is None:
            break
        legal = RULESET.legal_actions(state)
        RULESET.apply(state, legal[rng.below(len(legal))])
    return state


def _check(original: object, copy: object) -> None:
    cls = type(original)
    assert type(copy) is cls
    for f in fields(cls):  # type: ignore[arg-type]
        mine, theirs = getattr(original, f.name), getattr(copy, f.name)
        if f.compare:
            assert theirs == mine, f"{cls.__name__}.{f.name} differs in the copy"
        if isinstance(mine, (list, dict)) and (cls, f.name) not in SHARED:
            assert theirs is not mine or not f.compare, f"{cls.__name__}.{f.name} is shared"


def test_state_copy_carries_every_field_and_shares_no_list():
    state = _mid_game()
    state.heroes[0].upgraded.append("jump")  # some fields away from their defaults
    state.turn.used.append("slide")
    copy = state.copy()
    _check(state, copy)
    _check(state.board, copy.board)
    _check(state.turn, copy.turn)
    for hero, twin in zip(state.heroes, copy.heroes, strict=True):
        _check(hero, twin)
    assert copy.memo == {} and copy.memo is not state.memo
    assert RULESET.state_hash(copy) == RULESET.state_hash(state)


def test_editing_a_copy_leaves_the_original_alone():
    state = _mid_game()
    before = RULESET.state_hash(state)
    copy = state.copy()
    hero = copy.heroes[0]
    for name in ("upgraded", "hand", "items", "pets", "carrying", "frozen", "loot", "lit"):
        getattr(hero, name).append("x")
    hero.track.append(("t", "a"))
    hero.skills["x"] = "y"
    hero.slots["x"] = ("t", "a")
    copy.turn.used.append("x")
    copy.turn.boosts["all"] = 9
    copy.deck.append("x")
    copy.objective["x"] = 1
    copy.board.tokens.clear()
    assert RULESET.state_hash(state) == before


def test_every_slot_is_set_by_the_copies():
    """A slot the copy forgot would raise AttributeError on reading it."""
    state = _mid_game()
    for cls, original in ((State, state), (Hero, state.heroes[0]), (Turn, state.turn)):
        copy = original.copy()  # type: ignore[attr-defined]
        for name in cls.__slots__:
            getattr(copy, name)
    board = state.board.copy()
    for name in Board.__slots__:
        getattr(board, name)
