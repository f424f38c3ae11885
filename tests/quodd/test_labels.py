"""Labels of choices (buttons and the log) read as words, never as raw action arguments."""

from __future__ import annotations

import re

import pytest

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET


def test_start_square_choice_reads_as_a_square():
    """General Setup 6: picking a start square reads "Start on square x,y"."""
    setup = GameSetup((PlayerSpec("Rosa"),), seed=1, scenario="tutorial_1")
    state = RULESET.new_state(setup)
    x, y = state.heroes[0].pos
    label = RULESET.describe(state, Action.parse(f"choose at=({x},{y})"))
    assert label == f"Start on square {x},{y}"


@pytest.mark.parametrize("scenario", ["ffa_scramble", "solo_treasure", "solo_springs"])
def test_random_play_labels_have_no_raw_arguments(scenario):
    """Every legal action's label during random play is words: no ``=``, ``_`` or a raw
    square tuple like ``(3, 4)``."""
    players = tuple(PlayerSpec(n) for n in ("Rosa", "Kim", "Noor")[: 3 if "ffa" in scenario else 1])
    state = RULESET.new_state(GameSetup(players, seed=5, scenario=scenario))
    rng = Rng(9)
    for _ in range(300):
        if state.phase == "over":
            break
        actions = RULESET.legal_actions(state)
        for action in actions:
            label = RULESET.describe(state, action)
            assert label and not any(c in label for c in "=_"), (str(action), label)
            assert not re.search(r"\(\s*-?\d", label), (str(action), label)
        RULESET.apply(state, rng.choice(actions))


def test_upgrade_label_reads_the_same_after_the_move():
    """End-of-Round upgrades: the label comes from the tile itself, so a log or replay that
    describes the move after it was played still reads "Upgrade: ..."."""
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=1, scenario="ffa_race")
    state = RULESET.new_state(setup)
    label = RULESET.describe(state, Action.parse("upgrade tile=rok_pick side=a"))
    assert label.startswith("Upgrade: ") and "rok" not in label


def test_a_choice_described_after_the_move_still_reads_as_words():
    """A log line asked of the state after a choice (no decision pending) names the hero
    and the direction instead of printing the raw action."""
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=1, scenario="ffa_race")
    state = RULESET.new_state(setup)
    state.pending.clear()
    label = RULESET.describe(state, Action.parse("choose hero=0 dir=N"))
    assert label == f"Choose {state.heroes[0].name} north"
