"""Write tests/perft/<game>.yaml: positions from seeded random playouts with the leaf counts
this code gives for them (riotsim.core.perft), frozen for tests/perft/test_perft_data.py.

    python tools/make_perft_data.py [GAME ...]     # default: every registered game and toy

Run it again only when a rule change is meant to change the counts (or a position format
changed), and read the diff: every count that moved is a rule that changed.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from riotsim.core import conformance, perft, registry  # noqa: E402

OUT = REPO / "tests" / "perft"
CASES = 3  # setups per game (conformance.cases: seat counts, maps, scenarios varied)
PLIES = (0, 15, 80)  # random plies played before each position
QUICK_LEAVES = 1500  # an ordinary test run checks depths up to this many leaves
SLOW_LEAVES = 60_000  # the deepest frozen count stays within this many (slow marker)
COMMENT = """Perft counts for {game}: leaves of the legal-action tree at depths 1, 2, ...
Positions come from seeded random playouts (made: the setup, and the plies played with
Rng(chooser)); counts were computed by riotsim.core.perft and frozen here by
tools/make_perft_data.py. Checked by tests/perft/test_perft_data.py (depths up to 'quick' in
every run, all under -m slow); print them with: {command}"""


def entries(game: str) -> list[perft.Entry]:
    ruleset = registry.get(game)
    out = []
    for case in conformance.cases(game, ruleset, CASES)[:CASES]:
        for plies in PLIES:
            chooser = case.setup.seed * 1009 + plies
            state = perft.playout(ruleset, case.setup, plies, chooser)
            if state is None:
                continue
            made = {
                "seed": case.setup.seed,
                "players": case.setup.seats,
                "map": case.setup.map,
                "scenario": case.setup.scenario,
                "options": dict(case.setup.options),
                "plies": plies,
                "chooser": chooser,
            }
            made = {k: v for k, v in made.items() if v not in (None, {})}
            name = f"{case.label}-ply{plies}"
            out.append(
                perft.make_entry(
                    ruleset,
                    name,
                    state,
                    quick_leaves=QUICK_LEAVES,
                    slow_leaves=SLOW_LEAVES,
                    made=made,
                )
            )
            print(f"{name}: {list(out[-1].counts)} (quick {out[-1].quick_depth})", flush=True)
    return out


def main(argv: list[str]) -> int:
    import toy_game

    games = argv or [*registry.ids(), "toy"]
    toy_game.register_all()
    for game in games:
        path = OUT / f"{game}.yaml"
        command = f"riotsim perft {game} tests/perft/{game}.yaml"
        if game in toy_game.TARGETS:  # registered by the tests only
            command = "riotsim.core.perft.counts (tests register the toy)"
        perft.write_file(path, game, entries(game), COMMENT.format(game=game, command=command))
        print(f"wrote {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
