"""The balance report (issue 15, "Balance report"): its figures against hand-computed values,
the heatmaps against the games' typed events, and the files `simulate --report` writes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from riotsim.balance.batch import Batch, play_one
from riotsim.balance.figures import figures
from riotsim.cli import main
from riotsim.core import stats

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def record(seed, winner, scores, mid, order, rounds=10, reason="reached 7 VP", spots=None):
    return {
        "seed": seed,
        "winner": winner,
        "scores": scores,
        "rounds": rounds,
        "actions": 100,
        "reason": reason,
        "map": "thunderhead",
        "mid_scores": mid,
        "order": order,
        "spots": spots or {},
        "capped": False,
    }


# Four hand-made games: seat 1 (index 0) wins games 1, 2 and 4, seat 2 games 3 and 4.
GAMES = [
    record(5, [0], [7, 3], [4, 1], [0, 1], rounds=8, spots={"knock-outs": ["3,4", "3,4"]}),
    record(6, [0], [7, 5], [2, 2], [1, 0], rounds=10, spots={"knock-outs": ["5,6"]}),
    record(7, [1], [2, 7], [3, 1], [0, 1], rounds=10, spots={"chest raids": ["7,2"]}),
    record(8, [0, 1], [5, 5], [0, 3], [1, 0], rounds=12, reason="round limit (12) reached"),
]
BATCH = Batch(game="riotquest", bots=("greedy", "random"), games=4, seed=5, map="thunderhead")


def test_wilson_interval_matches_the_formula_worked_by_hand():
    """3 of 4 with z = 1.959964: p = 0.75, z^2/n = 0.96037; centre = (0.75 + 0.48018) / 1.96037
    = 0.62753; half = z * sqrt(0.75 * 0.25 / 4 + 3.84146 / 64) / 1.96037 = 0.32689."""
    assert stats.wilson(3, 4) == (0.3006, 0.9544)
    # 50 of 100: centre 0.5, half = 1.96 * sqrt(0.0025 + 0.000096) / 1.038415 = 0.09617
    assert stats.wilson(50, 100) == (0.4038, 0.5962)
    assert stats.wilson(10, 10) == (0.7225, 1.0)


def test_win_rates_per_seat_count_a_shared_win_for_each_winner():
    report = figures(BATCH, GAMES, "thunderhead")
    first, second = report["win_rate"]
    assert (first["seat"], first["bot"], first["wins"], first["games"]) == (1, "greedy", 3, 4)
    assert first["rate"] == 0.75 and first["ci95"] == [0.3006, 0.9544]
    assert (second["wins"], second["rate"], second["ci95"]) == (2, 0.5, [0.15, 0.85])
    assert report["games"] == 4 and report["seeds"] == [5, 8]


def test_turn_order_advantage_is_the_win_rate_of_each_position():
    """Seat 0 went first in games 1 and 3 (won 1, lost 3), seat 1 in games 2 and 4 (lost 2,
    shared 4): the first player won games 1 and 4, the second games 2, 3 and 4."""
    by_position = figures(BATCH, GAMES, "thunderhead")["turn_order"]["by_position"]
    assert [(p["position"], p["wins"], p["games"]) for p in by_position] == [(1, 2, 4), (2, 3, 4)]
    assert by_position[0]["rate"] == 0.5


def test_decisiveness_counts_games_whose_mid_game_leader_won():
    """Mid-game leaders: seat 0 (won), none (2-2 tie), seat 0 (lost), seat 1 (shared win)."""
    d = figures(BATCH, GAMES, "thunderhead")["decisiveness"]
    assert (d["level_at_mid_game"], d["leader_won"], d["games_with_leader_and_winner"]) == (1, 2, 3)
    assert d["rate"] == 0.6667 and d["ci95"] == list(stats.wilson(2, 3))
    assert "ply A // 2" in d["definition"]


def test_length_endings_and_heat_are_tallied():
    report = figures(BATCH, GAMES, "thunderhead")
    rounds = report["length"]["rounds"]
    assert rounds == {"min": 8, "max": 12, "mean": 10.0, "median": 10.0,
                      "counts": {"8": 1, "10": 2, "12": 1}}  # fmt: skip
    endings = report["endings"]
    assert (endings["one_winner"], endings["shared_win"], endings["no_winner"]) == (3, 1, 0)
    assert (endings["draws"], endings["round_limit"], endings["action_cap"]) == (1, 1, 0)
    assert report["heat"] == {"knock-outs": {"3,4": 2, "5,6": 1}, "chest raids": {"7,2": 1}}
    assert report["mean_scores"] == [5.25, 5.0]


def test_a_game_a_rules_error_stopped_is_named_not_counted():
    """A record with an ``error`` (the rules failed in that game) has no map or scores: the
    report leaves it out of every figure and lists its seed and error under ``failed``."""
    from riotsim.balance.report import build

    broken = {"seed": 9, "error": "KeyError: 'x'"}
    data = build(BATCH, [[*GAMES, broken]])
    assert data["failed"] == [{"seed": 9, "error": "KeyError: 'x'"}]
    assert [s["games"] for s in data["maps"]] == [len(GAMES)]
    assert "failed" not in build(BATCH, [GAMES])


def test_heatmaps_count_every_typed_event_of_the_games():
    """Riot Quest knock-outs are the KnockedOut events' cells; the collector's places must be
    exactly those an independent observer of the same seeded game sees."""
    from riotsim.ai import get_bot
    from riotsim.ai.play import play_game
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.riotquest.events import KnockedOut

    batch = Batch(game="riotquest", bots=("random", "random"), games=1, seed=3, map="scrapyard")
    mine = play_one(batch, 0)
    seen: list[str] = []

    def observe(state, events):
        seen.extend(f"{e.cell[0]},{e.cell[1]}" for e in events if isinstance(e, KnockedOut))

    players = tuple(PlayerSpec(f"random {i + 1}", bot="random") for i in range(2))
    setup = GameSetup(players, 3, {}, "scrapyard", None)
    bots = [get_bot("random", 3 * 64 + seat + 1) for seat in range(2)]
    play_game(registry.get("riotquest"), setup, bots, budget_s=3600.0, observe=observe)
    assert seen, "a random game of Riot Quest knocks someone out"
    assert mine["spots"]["knock-outs"] == seen
    assert mine["map"] == "scrapyard"


def _report(capsys, folder: Path, *extra: str) -> dict:
    code = main(["simulate", "riot-pm", "--games", "6", "--seed", "2", "--quiet",
                 "--report", str(folder), *extra])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "wrote" in out
    return json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_simulate_report_writes_json_consistent_with_the_games(tmp_path, capsys):
    games_json = tmp_path / "games.json"
    report = _report(capsys, tmp_path / "r", "--json", str(games_json))
    games = json.loads(games_json.read_text(encoding="utf-8"))["games"]
    (section,) = report["maps"]
    assert section["map"] is None and section["games"] == 6
    for seat, row in enumerate(section["win_rate"]):
        wins = sum(1 for g in games if seat in g["winner"])
        assert (row["wins"], row["ci95"]) == (wins, list(stats.wilson(wins, 6)))
    assert section["length"]["actions"]["max"] == max(g["actions"] for g in games)
    assert sum(section["heat"]["clashes"].values()) > 0


def test_report_html_references_every_png_and_each_is_a_valid_image(tmp_path, capsys):
    from PIL import Image

    folder = tmp_path / "r"
    _report(capsys, folder, "--compare", "city")
    pngs = sorted(p.name for p in folder.glob("*.png"))
    page = (folder / "report.html").read_text(encoding="utf-8")
    referenced = sorted(set(re.findall(r'<img src="([^"]+)"', page)))
    assert referenced == pngs
    assert any(n.startswith("m2_") for n in pngs), "the compared map has its own column"
    assert "m1_heat_clashes.png" in pngs
    for name in pngs:
        data = (folder / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE), name
        with Image.open(folder / name) as image:
            image.verify()
            assert image.size[0] > 100 and image.size[1] > 100


def test_compare_puts_both_maps_side_by_side(tmp_path, capsys):
    report = _report(capsys, tmp_path / "r", "--map", "city", "--compare", "city")
    assert [s["map"] for s in report["maps"]] == ["city", "city"]
    assert report["maps"][0] == report["maps"][1]  # same seeds, same map: same games


@pytest.mark.parametrize(("game", "layer"), [("riotquest", "knock-outs"), ("quodd", "falls")])
def test_every_game_draws_its_heatmap_over_its_map(tmp_path, capsys, game, layer):
    folder = tmp_path / game
    code = main(["simulate", game, "--games", "2", "--quiet", "--report", str(folder)])
    assert code == 0, capsys.readouterr().err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert layer in report["maps"][0]["heat"]
    assert (folder / f"m1_heat_{layer.replace('-', '_')}.png").read_bytes()[:8] == PNG_SIGNATURE


def test_a_missing_matplotlib_names_the_extra_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    code = main(["simulate", "riot-pm", "--games", "1", "--quiet", "--report", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1
    assert 'pip install "riotsim[report]"' in err and "matplotlib" in err


def test_compare_needs_a_report_and_a_known_map(tmp_path, capsys):
    assert main(["simulate", "riot-pm", "--games", "1", "--compare", "city"]) == 2
    assert "--compare puts two maps side by side in a --report DIR" in capsys.readouterr().err
    argv = ["simulate", "riotquest", "--games", "1", "--report", str(tmp_path), "--compare", "x"]
    assert main(argv) == 1
    assert "riotquest has no map 'x'" in capsys.readouterr().err


def test_simulate_help_lists_the_report_and_scale_options(capsys):
    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--report DIR", "--compare M2", "--jobs N", "--cluster ADDRESS"):
        assert flag in out


@pytest.fixture
def italian_report_catalog(speak_italian):
    """A few of the report's strings in Italian, for the test to speak."""
    speak_italian(
        {
            "Balance report: {game}": "Rapporto di bilanciamento: {game}",
            "games": "partite",
            "clashes": "scontri",
        },
        now=False,
    )


def test_the_report_speaks_the_language_and_its_json_stays_neutral(
    tmp_path, capsys, italian_report_catalog
):
    """Issue 17, L1: report.html in the language spoken (title, table heads, numbers written
    the Italian way), report.json the same data in either language."""
    english = _report(capsys, tmp_path / "en")
    argv = ["--lang", "it", "simulate", "riot-pm", "--games", "6", "--seed", "2", "--quiet"]
    assert main([*argv, "--report", str(tmp_path / "it")]) == 0, capsys.readouterr().err
    italian = json.loads((tmp_path / "it" / "report.json").read_text(encoding="utf-8"))
    assert italian == english
    page = (tmp_path / "it" / "report.html").read_text(encoding="utf-8")
    assert '<html lang="it">' in page
    assert "<h1>Rapporto di bilanciamento: riot-pm</h1>" in page
    assert "<th>partite</th>" in page
    rates = re.findall(r"\d+[.,]\d%", page)
    assert rates and all("," in rate for rate in rates), rates
    assert "<th>games</th>" in (tmp_path / "en" / "report.html").read_text(encoding="utf-8")
