"""Perft data (issue 11, "a perft-style tool over data files ... for every game"): each
registered game, and the toy game, has ``tests/perft/<game>.yaml``; every position there gives
the leaf counts frozen with it (see riotsim/core/perft.py, and tools/make_perft_data.py for
how the files were made). Depths up to an entry's ``quick`` run every time; the deeper counts
run under ``-m slow``."""

from __future__ import annotations

from pathlib import Path

import pytest
import toy_game

from riotsim.core import perft, registry

HERE = Path(__file__).resolve().parent
TOYS = {"toy": toy_game.RULESET}


def _files() -> dict[str, Path]:
    return {path.stem: path for path in sorted([*HERE.glob("*.yaml"), *HERE.glob("*.json")])}


def _cases() -> list[object]:
    files = _files()
    out: list[object] = []
    for game in [*registry.ids(), *TOYS]:
        path = files.get(game)
        if path is None:  # a game without data fails here, named
            out.append(pytest.param(game, None, None, 0, id=f"{game}-no-data"))
            continue
        for entry in perft.load_file(path).entries:
            out.append(pytest.param(game, path, entry, entry.quick_depth, id=entry.name))
            if entry.quick_depth < len(entry.counts):
                deep = pytest.param(
                    game,
                    path,
                    entry,
                    len(entry.counts),
                    id=f"{entry.name}-deep",
                    marks=pytest.mark.slow,
                )
                out.append(deep)
    return out


@pytest.mark.parametrize(("game", "path", "entry", "depth"), _cases())
def test_perft_counts_match_the_data_files(game, path, entry, depth):
    assert path is not None, f"{game} has no perft data: add tests/perft/{game}.yaml"
    assert perft.load_file(path).game == game, f"{path.name} names another game"
    assert entry.counts, f"{entry.name}: no counts"
    ruleset = TOYS[game] if game in TOYS else registry.get(game)
    state = perft.load_state(ruleset, entry)
    assert perft.counts(ruleset, state, depth) == list(entry.counts[:depth]), entry.name
