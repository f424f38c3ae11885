"""Fuzzing that stays (issue 10): damaged saves and settings made from real ones never bring
riotsim down. ``riotsim replay SAVE --verify`` exits 0 or 1 with a one-line message naming the
file and no traceback; ``Match.load`` raises only SaveError; a damaged settings.json gives
defaults and one message.

The default run tries a few dozen of each; the slow run (``-m slow``) several thousand.
Damaged positions are in ``tests/test_position_damage.py``, damaged maps and YAML in
``tests/core/test_tiled.py`` and ``tests/core/test_content.py``.
"""

from __future__ import annotations

import json

import pytest
from toy_game import registered

from riotsim.cli import main
from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.damage import damaged
from riotsim.core.match import Match
from riotsim.core.rng import Rng
from riotsim.core.saves import SaveError

GAMES = registry.ids()  # every registered game


@pytest.fixture(autouse=True, scope="module")
def _toy():
    with registered():
        yield


def _real_save(game: str, tmp_path, plies: int = 30):
    """A save of a real game a few dozen random plies in, as the app writes it."""
    ruleset = registry.get(game)
    seats = max(ruleset.min_players, 2) if game != "quodd" else 2
    setup = GameSetup(tuple(PlayerSpec(f"P{i + 1}") for i in range(seats)), seed=11)
    match = Match(ruleset, setup)
    chooser = Rng(5)
    for _ in range(plies):
        legal = match.legal_actions()
        if not legal or match.to_move() is None:
            break
        match.apply(legal[chooser.below(len(legal))])
    path = tmp_path / f"{game}.json"
    match.save(path)
    return path


def _byte_damage(data: bytes, rng: Rng) -> bytes:
    """One of: cut, a run of bytes overwritten, a byte inserted, a NUL, a quote dropped."""
    if not data:
        return data
    at = rng.below(len(data))
    kind = rng.below(5)
    if kind == 0:
        return data[:at]
    if kind == 1:
        run = bytes(rng.below(256) for _ in range(1 + rng.below(8)))
        return data[:at] + run + data[at + len(run) :]
    if kind == 2:
        return data[:at] + bytes([rng.below(256)]) + data[at:]
    if kind == 3:
        return data[:at] + b"\x00" + data[at + 1 :]
    quote = data.find(b'"', at)
    return data if quote < 0 else data[:quote] + data[quote + 1 :]


def _check_save(path, capsys) -> str:
    code = main(["replay", str(path), "--verify"])
    out, err = capsys.readouterr()
    assert code in (0, 1), (code, err[-500:])
    assert "Traceback" not in out + err
    if code == 1:
        lines = [line for line in err.splitlines() if line.strip()]
        assert lines and lines[-1].startswith("riotsim: error: ") and str(path) in lines[-1]
        with pytest.raises(SaveError):  # and nothing else
            Match.load(path)
    return "refused" if code else "loaded"


def _fuzz_saves(game: str, tmp_path, capsys, tries: int) -> dict[str, int]:
    original = _real_save(game, tmp_path)
    data = original.read_bytes()
    raw = json.loads(data)
    counts = {"refused": 0, "loaded": 0}
    rng = Rng(77)
    target = tmp_path / "damaged.json"
    for n in range(tries):
        if n % 2:
            target.write_bytes(_byte_damage(data, rng))
        else:
            (damage,) = damaged(raw, rng, 1)
            target.write_text(json.dumps(damage.position, default=str))
        counts[_check_save(target, capsys)] += 1
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_damaged_saves_never_bring_riotsim_down(game, tmp_path, capsys):
    counts = _fuzz_saves(game, tmp_path, capsys, tries=24)
    assert counts["refused"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_damaged_saves_never_bring_riotsim_down_long(game, tmp_path, capsys):
    counts = _fuzz_saves(game, tmp_path, capsys, tries=600)
    print(f"{game} saves: {counts}")


def _fuzz_settings(tmp_path, tries: int) -> dict[str, int]:
    from dataclasses import asdict

    from riotsim.ui.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    raw = asdict(Settings())
    real = json.dumps(raw)
    rng = Rng(3)
    counts = {"clean": 0, "reported": 0}
    for n in range(tries):
        if n % 2:
            path.write_bytes(_byte_damage(real.encode(), rng))
        else:
            (damage,) = damaged(raw, rng, 1)
            path.write_text(json.dumps(damage.position, default=str))
        settings, problem = load_settings(path)
        assert isinstance(settings, Settings)
        assert 0 < settings.width < 100_000 and 0 < settings.height < 100_000
        counts["reported" if problem else "clean"] += 1
        if problem:
            assert str(path) in problem or "settings" in problem
    return counts


def test_damaged_settings_give_defaults_and_a_message(tmp_path):
    counts = _fuzz_settings(tmp_path, tries=60)
    assert counts["reported"] > 0


@pytest.mark.slow
def test_damaged_settings_give_defaults_and_a_message_long(tmp_path):
    print(f"settings: {_fuzz_settings(tmp_path, tries=3000)}")
