"""Hidden information stays hidden (issue 16, "Strength"): a bot decides from its seat's view
alone, so its choice cannot change when another seat's hand, goal or deck order changes.

For every registered game with hidden information, positions are taken along seeded random
playouts. At each, the seat to move has a view; ``determinize`` of that view deals another
world the seat cannot tell from the real one (other hands, goals, deck orders dealt again).
That world's view must equal the real view, and every level's bot (fixed seed, a search
bounded by iterations rather than the clock) must choose the same action from both.
"""

from __future__ import annotations

from typing import Any

import pytest

from riotsim.ai import BOTS, LEVEL_NAMES
from riotsim.ai.base import Bot
from riotsim.ai.levels import level_for
from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec, Ruleset, canonical_json
from riotsim.core.rng import Rng

# (game, seats, scenario): every hidden-information game, with more seats where they hide more
CASES = [
    ("riotquest", 2, None),
    ("riotquest", 3, None),
    ("riot", 2, None),
    ("riot", 4, None),
    ("riot-pm", 2, None),
    ("quodd", 2, "ffa_scramble"),
    ("quodd", 3, "overlord_vault"),
]
POSITIONS = 4
SEARCH_ITERATIONS = 24  # the Hard level's search, bounded by iterations, not by the clock
BUDGET_S = 60.0  # far above what a bounded search takes, so no clock cut-off decides


def hidden_games() -> list[tuple[str, int, str | None]]:
    known = set(registry.ids())
    cases = [c for c in CASES if c[0] in known and registry.get(c[0]).hidden_information]
    missing = {g for g in known if registry.get(g).hidden_information} - {c[0] for c in cases}
    return cases + [(game, registry.get(game).min_players, None) for game in sorted(missing)]


def positions(ruleset: Ruleset[Any], setup: GameSetup) -> list[Any]:
    """Positions along a seeded random playout, spread over its first few hundred plies."""
    rng = Rng(setup.seed)
    state = ruleset.new_state(setup)
    found: list[Any] = []
    plies = 0
    while len(found) < POSITIONS and ruleset.to_move(state) is not None and plies < 2000:
        legal = ruleset.legal_actions(state)
        if len(legal) > 1 and rng.below(12) == 0:
            found.append(ruleset.copy(state))
        ruleset.apply(state, legal[rng.below(len(legal))])
        plies += 1
    return found


def level_bot(ruleset: Ruleset[Any], level: str, seed: int) -> Bot:
    """The bot ``level`` plays ``ruleset`` with, its search bounded by iterations."""
    own = level_for(ruleset, level)
    options = dict(own.options)
    if own.bot == "mcts":
        options["iterations"] = SEARCH_ITERATIONS
    return BOTS[own.bot](seed, **options)


def frozen(ruleset: Ruleset[Any], state: Any) -> str:
    return canonical_json(ruleset.to_position(state))


def hidden_part(ruleset: Ruleset[Any], state: Any) -> str:
    """``state`` without its dice stream (a view's is a stand-in): what a deal can change."""
    state = ruleset.copy(state)
    if isinstance(getattr(state, "rng", None), Rng):
        state.rng = Rng(0)
    return frozen(ruleset, state)


@pytest.mark.parametrize(("game", "seats", "scenario"), hidden_games())
def test_choices_do_not_depend_on_what_the_seat_cannot_see(game, seats, scenario):
    ruleset = registry.get(game)
    players = tuple(PlayerSpec(f"P{i + 1}") for i in range(seats))
    setup = GameSetup(players, seed=31 + seats, scenario=scenario)
    states = positions(ruleset, setup)
    assert states, "the playout offered no decision"
    worlds_differ = 0
    for index, state in enumerate(states):
        seat = ruleset.to_move(state)
        view = ruleset.view(state, seat)
        other = ruleset.determinize(view, seat, 1000 + index)
        worlds_differ += hidden_part(ruleset, other) != hidden_part(ruleset, state)
        other_view = ruleset.view(other, seat)
        assert frozen(ruleset, other_view) == frozen(ruleset, view), (
            f"position {index}: seat {seat} sees something of the hidden world"
        )
        legal = ruleset.legal_actions(state)
        assert ruleset.legal_actions(other) == legal, f"position {index}: the choices differ"
        for level in LEVEL_NAMES:
            real = level_bot(ruleset, level, 77 + index).choose(ruleset, view, legal, BUDGET_S)
            dealt = level_bot(ruleset, level, 77 + index).choose(
                ruleset, other_view, legal, BUDGET_S
            )
            assert real == dealt, f"position {index}: {level} chose {real} then {dealt}"
    # the test means something only if the other worlds really hide something else
    assert worlds_differ, "determinize dealt the real world every time"
