"""The ``riotsim`` command (also ``python -m riotsim``).

``riotsim`` opens the app; subcommands run headless tools. Nothing here imports pygame unless
the app or a screenshot is asked for. Every error the user can cause is printed as one line on
stderr with a non-zero exit status, never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import riotsim
from riotsim.i18n import _, format_number, ngettext

PROG = "riotsim"
DEFAULT_ACTION_CAP = 50_000
NO_TIME_LIMIT = 3600.0  # seconds per bot move when simulate is not given --budget
EXIT_FAIL = 1
EXIT_USAGE = 2


class CliError(Exception):
    """A user-facing failure: printed as ``riotsim: error: <message>``."""

    def __init__(self, message: str, status: int = EXIT_FAIL):
        super().__init__(message)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line instead of usage + error."""

    def error(self, message: str) -> NoReturn:
        raise CliError(
            _("{message} (see '{prog} --help')").format(message=message, prog=self.prog),
            EXIT_USAGE,
        )


# -- helpers --------------------------------------------------------------------------------------


def _size(text: str) -> tuple[int, int]:
    """``WxH`` in pixels: refuses non-numbers, 0, negatives and sizes nothing could show."""
    from riotsim.ui.settings import size_limit_problem  # no pygame: the UI package's plain part

    w, sep, h = text.strip().lower().partition("x")
    digits = w.isascii() and h.isascii() and w.isdigit() and h.isdigit()
    if not sep or not digits or len(w) > 6 or len(h) > 6:
        raise argparse.ArgumentTypeError(
            _("size {text!r} must look like 1280x800").format(text=text)
        )
    problem = size_limit_problem(int(w), int(h))
    if problem:
        raise argparse.ArgumentTypeError(_("size {problem}").format(problem=problem))
    return int(w), int(h)


def _check_window(app: Any, size: tuple[int, int] | None) -> None:
    """Refuse a --size the display cannot give (before any window opens)."""
    if size is None:
        return
    problem = app.window_size_problem(size)
    if problem:
        raise CliError(f"--size {problem}")


def _ui_scale(text: str) -> float | str:
    """``auto``, or a size as a percentage (``150``, ``150%``) or a factor (``1.5``) in the
    UI-scale setting's range."""
    from riotsim.ui.settings import AUTO, UI_SCALES  # no pygame

    word = text.strip().lower()
    if word == AUTO:
        return AUTO
    number = word.removesuffix("%").strip()
    try:
        value = float(number)
    except ValueError:
        value = math.nan
    if not word.endswith("%") and UI_SCALES[0] <= value <= UI_SCALES[1]:
        return value
    if round(UI_SCALES[0] * 100) <= value <= round(UI_SCALES[1] * 100):
        return value / 100
    raise argparse.ArgumentTypeError(
        _("UI scale {text!r} must be auto or {low}% to {high}%").format(
            text=text, low=round(UI_SCALES[0] * 100), high=round(UI_SCALES[1] * 100)
        )
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text!r} must be at least 1").format(text=text))
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text!r} must not be negative").format(text=text))
    return value


def _ruleset(game: str) -> Any:
    from riotsim.core import registry

    try:
        return registry.get(game)
    except registry.UnknownRuleset as err:
        raise CliError(str(err.args[0])) from None
    except (ImportError, AttributeError) as err:
        raise CliError(
            _("the rules of {game!r} are not available in this build ({err})").format(
                game=game, err=err
            )
        ) from None


def _option_value(spec: Any, raw: str) -> Any:
    if spec.kind == "int":
        try:
            value = int(raw)
        except ValueError:
            raise CliError(
                _("option {key}: {raw!r} is not a whole number").format(key=spec.key, raw=raw)
            ) from None
        if (spec.minimum is not None and value < spec.minimum) or (
            spec.maximum is not None and value > spec.maximum
        ):
            raise CliError(
                _("option {key}: {value} is outside {low}..{high}").format(
                    key=spec.key, value=value, low=spec.minimum, high=spec.maximum
                )
            )
        return value
    if spec.kind == "bool":
        lowered = raw.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise CliError(
            _("option {key}: {raw!r} is not true or false").format(key=spec.key, raw=raw)
        )
    for choice in spec.choices:
        if str(choice) == raw:
            return choice
    choices = ", ".join(str(c) for c in spec.choices)
    raise CliError(
        _("option {key}: {raw!r} is not one of {choices}").format(
            key=spec.key, raw=raw, choices=choices
        )
    )


def _options(ruleset: Any, pairs: Sequence[str]) -> dict[str, Any]:
    specs = {spec.key: spec for spec in ruleset.options()}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise CliError(_("option {pair!r} must look like key=value").format(pair=pair))
        if key not in specs:
            out[key] = _extra_option(ruleset, key, raw)
            continue
        out[key] = _option_value(specs[key], raw)
    return out


def _extra_option(ruleset: Any, key: str, raw: str) -> Any:
    """An option no OptionSpec declares but the rule set accepts (``extra_option_problem``:
    Quodd's ``overlord=2``, ``teams=[0,1,0,1]``...): the value read as JSON, else as text."""
    import json

    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    problem = ruleset.extra_option_problem(key, value)
    if problem is not None:
        raise CliError(problem)
    return value


def _seat_count(ruleset: Any, players: int | None) -> int:
    if players is None:
        return max(ruleset.min_players, min(2, ruleset.max_players))
    if not ruleset.min_players <= players <= ruleset.max_players:
        span = f"{ruleset.min_players}-{ruleset.max_players}"
        raise CliError(
            _("{game} takes {span} players, not {players}").format(
                game=ruleset.id, span=span, players=players
            )
        )
    return players


def _map_file(ruleset: Any, map_arg: str) -> str:
    """A map file from anywhere on disk, vetted: its absolute path (exit 2 when unplayable)."""
    from riotsim.core.mapfiles import vet

    found = vet(map_arg, ruleset.id)
    if not found.playable:
        raise CliError(found.refusal, EXIT_USAGE)
    return str(found.path)


def _check_map_and_scenario(ruleset: Any, map_id: str | None, scenario: str | None) -> str | None:
    """The map to play: a shipped map id as given, or a map file's absolute path."""
    from riotsim.core.mapfiles import is_map_file

    if map_id is not None and is_map_file(map_id):
        if scenario is not None and not ruleset.maps():
            raise CliError(
                _(
                    "{game} plays a map file as a scenario of its own: "
                    "give --map or --scenario, not both"
                ).format(game=ruleset.id),
                EXIT_USAGE,
            )
        map_id = _map_file(ruleset, map_id)
    elif map_id is not None and ruleset.maps() and map_id not in ruleset.maps():
        raise CliError(
            _("{game} has no map {map!r}; maps: {maps}").format(
                game=ruleset.id, map=map_id, maps=", ".join(ruleset.maps())
            )
        )
    if scenario is not None and scenario not in ruleset.scenarios():
        known = ", ".join(ruleset.scenarios()) or _("none")
        raise CliError(
            _("{game} has no scenario {scenario!r}; scenarios: {known}").format(
                game=ruleset.id, scenario=scenario, known=known
            )
        )
    return map_id


def _bot_list(text: str | None, seats: int, allow_human: bool = False) -> list[str | None]:
    from riotsim.ai import BOT_NAMES, is_bot_spec

    names = [n.strip() for n in (text or "random").split(",") if n.strip()]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise CliError(
            _("--bots names {count} bots for {seats} seats (give 1 or {seats})").format(
                count=len(names), seats=seats
            )
        )
    out: list[str | None] = []
    for name in names:
        if allow_human and name == "human":
            out.append(None)
        elif is_bot_spec(name):
            out.append(name)
        else:
            extra = ", human" if allow_human else ""
            raise CliError(
                _(
                    "unknown bot {name!r}; known: {known} "
                    "(any bot may take a cap in ms per move, e.g. mcts:500)"
                ).format(name=name, known=", ".join(BOT_NAMES) + extra)
            )
    return out


# -- app and screenshots ---------------------------------------------------------------------------


def _ui_module(name: str) -> Any:
    import importlib

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on our stdout
    try:
        return importlib.import_module(f"riotsim.ui.{name}")
    except ImportError as err:
        raise CliError(_("the user interface is not available ({err})").format(err=err)) from None


def _lang_given(args: argparse.Namespace) -> dict[str, str]:
    """``{"lang": ...}`` for the app when ``--lang`` was given (it wins over Settings)."""
    lang = getattr(args, "lang", None)
    return {"lang": lang} if lang else {}


def cmd_app(args: argparse.Namespace) -> int:
    app = _ui_module("app")
    _check_window(app, args.size)
    return int(app.run(frames=args.frames, size=args.size, **_lang_given(args)) or 0)


def cmd_play(args: argparse.Namespace) -> int:
    from riotsim.core.contract import GameSetup, PlayerSpec

    ruleset = _ruleset(args.game)
    if not getattr(ruleset, "playable", True):
        raise CliError(
            _("{game} is not complete yet, so it cannot be played").format(game=args.game)
        )
    setup = None
    chosen = (args.players, args.bots, args.seed, args.map, args.scenario)
    if any(value is not None for value in chosen) or args.option:
        seats = _seat_count(ruleset, args.players)
        bots = _bot_list(args.bots or "human", seats, allow_human=True)
        map_id = _check_map_and_scenario(ruleset, args.map, args.scenario)
        players = tuple(
            PlayerSpec(
                _("Player {n}").format(n=i + 1) if bot is None else f"{bot.title()} {i + 1}",
                bot=bot,
            )
            for i, bot in enumerate(bots)
        )
        setup = GameSetup(
            players,
            seed=args.seed if args.seed is not None else int(time.time()),
            options=_options(ruleset, args.option),
            map=map_id,
            scenario=args.scenario,
        )
    app = _ui_module("app")
    _check_window(app, args.size)
    return int(
        app.run(
            frames=args.frames,
            size=args.size,
            start_game=args.game,
            setup=setup,
            **_lang_given(args),
        )
        or 0
    )


def cmd_screenshot(args: argparse.Namespace) -> int:
    if args.game is not None:
        _ruleset(args.game)
    screenshot = _ui_module("screenshot")
    out = Path(args.out)
    if not out.parent.is_dir():
        raise CliError(
            _("{out}: folder {folder} does not exist").format(out=out, folder=out.parent)
        )
    # Only what was given: render() has its own defaults (seed, 1280x800).
    given = {
        "game": args.game,
        "seed": args.seed,
        "actions": args.actions,
        "size": args.size,
        "scenario": args.scenario,
        "hold": args.hold,
        "players": args.players,
        "map": args.map,
        "keys": args.keys,
        "ui_scale": args.ui_scale,
    }
    kwargs = {key: value for key, value in given.items() if value is not None}
    try:
        screenshot.render(args.scene, out, **kwargs)
    except ValueError as err:  # unknown scene or game, a game with too few actions...
        raise CliError(str(err)) from None
    print(_("wrote {path}").format(path=out))
    return 0


# -- content checks --------------------------------------------------------------------------------


def _checks() -> Any:
    try:
        from riotsim.core import checks
    except ImportError as err:
        raise CliError(
            _("content checks are not available in this build ({err})").format(err=err)
        ) from None
    return checks


def _report(problems: Sequence[Any], ok_message: str, strict: bool = False) -> int:
    """Print every problem; fail on errors, and on warnings too when ``strict``."""
    for problem in problems:
        print(str(problem))
    warnings = sum(1 for p in problems if getattr(p, "severity", "error") == "warning")
    errors = len(problems) - warnings
    if errors or (warnings and strict):
        count = len(problems) if strict else errors
        found = ngettext("{n} problem found", "{n} problems found", count).format(n=count)
        if warnings and not strict:
            found += " " + ngettext("(and {n} warning)", "(and {n} warnings)", warnings).format(
                n=warnings
            )
        print(f"{PROG}: {found}", file=sys.stderr)
        return EXIT_FAIL
    if warnings:
        print(
            ngettext("OK: no errors, {n} warning", "OK: no errors, {n} warnings", warnings).format(
                n=warnings
            )
        )
        return 0
    print(ok_message)
    return 0


def cmd_check_map(args: argparse.Namespace) -> int:
    checks = _checks()
    paths = [Path(p) for p in args.paths]
    problems = list(checks.check_maps(paths))
    # Folders are searched for maps: count the files actually checked when we can.
    finder = getattr(checks, "map_files", None)
    count = len(finder(paths)[0]) if finder is not None else len(paths)
    ok = ngettext("OK: {n} map, no problems", "OK: {n} maps, no problems", count).format(n=count)
    return _report(problems, ok, strict=getattr(args, "strict", False))


def cmd_check_data(args: argparse.Namespace) -> int:
    checks = _checks()
    if args.dir is None:
        problems = list(checks.check_data())
        where = _("shipped content")
    else:
        root = Path(args.dir)
        if not root.is_dir():
            raise CliError(_("{path}: no such folder").format(path=root))
        if not (root / "dice.yaml").is_file() and not (root / "data").is_dir():
            raise CliError(
                _("{path}: not a content folder (expected dice.yaml or a data/ folder)").format(
                    path=root
                )
            )
        problems = list(checks.check_data(root))
        where = str(root)
    return _report(problems, _("OK: {where}, no problems").format(where=where))


def _board_summary(path: Path) -> str:
    try:
        from riotsim.core.tiled import load_board

        board = load_board(path)
    except Exception:  # the problems are reported by the checks themselves
        return ""
    return (
        f" ({board.game or 'no game'}, {board.width}x{board.height} {board.orientation}, "
        f"{len(board.objects)} objects)"
    )


def _lab_check(checks: Any, path: Path) -> int:
    problems = list(checks.check_maps([path]))
    stamp = time.strftime("%H:%M:%S")
    if problems:
        count = len(problems)
        counted = ngettext("{n} problem", "{n} problems", count).format(n=count)
        print(f"{stamp} {path}: {counted}")
        for problem in problems:
            print(f"  {problem}")
    else:
        print(f"{stamp} {path}: OK{_board_summary(path)}")
    sys.stdout.flush()
    return sum(1 for p in problems if getattr(p, "severity", "error") != "warning")


def cmd_lab(args: argparse.Namespace) -> int:
    """Map Lab: a window that draws the map and its problems and reloads on every save.

    ``--terminal`` re-checks in the terminal instead (Tiled's "Commands" output pane);
    ``--once`` checks once and exits 1 on problems.
    """
    checks = _checks()
    path = Path(args.map)
    if not path.is_file():
        raise CliError(_("{path}: no such map file").format(path=path))
    if args.once:
        return EXIT_FAIL if _lab_check(checks, path) else 0
    if not args.terminal:
        app = _ui_module("app")
        _check_window(app, args.size)
        return int(app.run(frames=args.frames, size=args.size, lab=path, **_lang_given(args)) or 0)
    print(_("watching {path} (Ctrl+C to stop)").format(path=path))
    seen: tuple[int, int] | None = None
    checked = 0
    try:
        while args.max_checks is None or checked < args.max_checks:
            try:
                stat = path.stat()
                current: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
            except OSError:
                current = None  # editors may replace the file while saving: look again soon
            if current is not None and current != seen:
                seen = current
                _lab_check(checks, path)
                checked += 1
            time.sleep(args.interval)
    except KeyboardInterrupt:
        print(_("stopped"))
    return 0


# -- simulate --------------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game)
    if args.list_scenarios:
        for scenario in ruleset.scenarios():
            print(scenario)
        return 0
    if args.games is None:
        raise CliError(_("simulate needs --games N"), EXIT_USAGE)
    batch = _batch(ruleset, args)
    seats = len(batch.bots)
    maps = [batch.map] if args.compare is None else [batch.map, args.compare]
    if args.compare is not None:
        if not args.report:
            raise CliError(_("--compare puts two maps side by side in a --report DIR"), EXIT_USAGE)
        maps[1] = _check_map_and_scenario(ruleset, args.compare, None)
    started = time.perf_counter()
    runs = [_run_batch(batch.on_map(map_id), args) for map_id in maps]
    seconds = time.perf_counter() - started
    results = runs[0]
    total_actions = sum(r["actions"] for run in runs for r in run)
    # Exactly the keys issue 2 names; the tally below is printed, not written.
    summary = {
        "game": ruleset.id,
        "seconds": round(seconds, 3),
        "actions_per_second": round(total_actions / seconds, 1) if seconds > 0 else 0.0,
        "games": [{key: r[key] for key in _RESULT_KEYS} for r in results],
    }
    if args.json:
        _write_text(Path(args.json), json.dumps(summary, indent=1) + "\n")
    _print_summary(summary, tally(summary["games"], seats), args.seed, list(batch.bots))
    if args.report:
        _write_report(batch, runs, args, seconds)
    capped = [r for run in runs for r in run if r["capped"]]
    if capped:
        seeds = ", ".join(str(r["seed"]) for r in capped[:10])
        raise CliError(
            ngettext(
                "{n} game hit the cap of {cap} actions without ending (a rules bug; seeds {seeds})",
                "{n} games hit the cap of {cap} actions without ending "
                "(a rules bug; seeds {seeds})",
                len(capped),
            ).format(n=len(capped), cap=args.max_actions, seeds=seeds)
        )
    return 0


_RESULT_KEYS = ("seed", "winner", "scores", "rounds", "actions", "reason")


def _batch(ruleset: Any, args: argparse.Namespace) -> Any:
    from riotsim.balance.batch import Batch

    seats = _seat_count(ruleset, args.players)
    bot_names = tuple(str(b) for b in _bot_list(args.bots, seats))
    map_id = _check_map_and_scenario(ruleset, args.map, args.scenario)
    if args.budget is not None and args.budget <= 0:
        raise CliError(_("--budget must be a positive number of seconds"), EXIT_USAGE)
    if args.cluster is not None and args.jobs > 1:
        raise CliError(_("give --jobs or --cluster, not both"), EXIT_USAGE)
    return Batch(
        game=args.game,
        bots=bot_names,
        games=args.games,
        seed=args.seed,
        map=map_id,
        scenario=args.scenario,
        options=_options(ruleset, args.option),
        budget_s=args.budget if args.budget is not None else NO_TIME_LIMIT,
        max_actions=args.max_actions,
        mcts_iterations=args.mcts_iterations,
        verify_replay=args.verify_replay,
    )


def _run_batch(batch: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    from tqdm import tqdm

    from riotsim.balance import MissingExtra
    from riotsim.balance.batch import run

    bar = tqdm(total=batch.games, unit="game", file=sys.stderr, disable=args.quiet, leave=False)
    try:
        records = run(
            batch,
            jobs=args.jobs,
            cluster=args.cluster,
            progress=bar.update,
            connect_timeout=args.cluster_timeout,
        )
    except (MissingExtra, ConnectionError) as err:
        raise CliError(str(err)) from None
    finally:
        bar.close()
    for i, record in enumerate(records):
        seed = record["seed"]
        if "error" in record:  # a rules bug: name the game so it can be replayed
            raise CliError(
                _("game {n} (seed {seed}) failed: {error}").format(
                    n=i + 1, seed=seed, error=record["error"]
                )
            )
        if record.get("replay_problem"):
            problem = record["replay_problem"]
            raise CliError(
                _("game {n} (seed {seed}) does not replay: {problem}").format(
                    n=i + 1, seed=seed, problem=problem
                )
            )
    return records


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise CliError(
            _("{path}: cannot write ({reason})").format(path=path, reason=err.strerror or err)
        ) from None


def _write_report(batch: Any, runs: list[list[dict[str, Any]]], args: Any, seconds: float) -> None:
    from riotsim.balance import MissingExtra, need
    from riotsim.balance import report as balance_report

    try:
        need("matplotlib", "report", "--report")
    except MissingExtra as err:
        raise CliError(str(err)) from None
    data = balance_report.build(batch, runs)
    where = f"--cluster {args.cluster}" if args.cluster else f"--jobs {args.jobs}"
    note = _("Played in {seconds} s with {where}.").format(
        seconds=format_number(round(seconds, 1)), where=where
    )
    folder = Path(args.report)
    try:
        files = balance_report.write(folder, batch, data, note)
    except OSError as err:
        raise CliError(
            _("{path}: cannot write the report ({reason})").format(
                path=folder, reason=err.strerror or err
            )
        ) from None
    charts = len(files) - 2
    print(
        ngettext(
            "wrote {html} and {json} ({n} chart)", "wrote {html} and {json} ({n} charts)", charts
        ).format(html=files[1], json=files[0], n=charts)
    )


def tally(games: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Balance figures over finished games: wins per seat (a shared win counts for each
    winner), games without a winner, mean rounds, actions and score per seat."""
    count = len(games)
    wins = [0] * seats
    for game in games:
        for seat in game["winner"]:
            wins[seat] += 1
    scored = [g["scores"] for g in games if len(g["scores"]) == seats]

    def mean(values: list[float]) -> float:
        return round(sum(values) / len(values), 2) if values else 0.0

    return {
        "wins": wins,
        "no_winner": sum(1 for g in games if not g["winner"]),
        "mean_rounds": mean([g["rounds"] for g in games]),
        "mean_actions": mean([g["actions"] for g in games]),
        "mean_scores": [mean([s[seat] for s in scored]) for seat in range(seats)],
        "games": count,
    }


def _print_summary(
    summary: dict[str, Any], totals: dict[str, Any], seed: int, bot_names: list[str]
) -> None:
    count = totals["games"]
    games = ngettext("{n} game", "{n} games", count).format(n=count)
    print(
        _("{game}: {games}, {players} players, seeds {first}..{last}").format(
            game=summary["game"],
            games=games,
            players=len(bot_names),
            first=seed,
            last=seed + count - 1,
        )
    )
    for seat, name in enumerate(bot_names):
        wins = totals["wins"][seat]
        share = 100.0 * wins / count if count else 0.0
        score = totals["mean_scores"][seat]
        line = ngettext(
            "seat {seat} ({name}): {wins} win ({share}%), mean score {score}",
            "seat {seat} ({name}): {wins} wins ({share}%), mean score {score}",
            wins,
        )
        shown = {"share": format_number(share, 0), "score": format_number(score)}
        print("  " + line.format(seat=seat + 1, name=name, wins=wins, **shown))
    print("  " + _("no winner: {n}").format(n=totals["no_winner"]))
    print(
        "  "
        + _("mean rounds {rounds}, mean actions {actions}").format(
            rounds=format_number(totals["mean_rounds"], 1),
            actions=format_number(totals["mean_actions"], 1),
        )
    )
    print(
        "  "
        + _("{seconds} s, {rate} actions/s").format(
            seconds=format_number(summary["seconds"], 2),
            rate=format_number(summary["actions_per_second"], 0),
        )
    )


# -- replay ----------------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    from riotsim.core.match import Match
    from riotsim.core.saves import SaveError, verify

    path = Path(args.save)
    if args.verify:
        ok, message = verify(path)
        if not ok:
            raise CliError(message)
        print(message)
        return 0

    def show(index: int, match: Match, action: Any) -> None:
        seat = match.to_move()
        who = "-" if seat is None else match.setup.players[seat].name
        print(f"{index + 1:5d}  {who}: {match.describe(action)}")

    printed = 0

    def show_events(match: Match) -> None:
        # events of the actions replayed so far that have not been printed yet
        nonlocal printed
        for events in match.history[printed:]:
            for event in events:
                print(f"{'':7}{event}")
        printed = len(match.history)

    def show_with_events(index: int, match: Match, action: Any) -> None:
        show_events(match)
        show(index, match, action)

    try:
        match = Match.load(path, on_action=show_with_events if args.events else show)
    except SaveError as err:
        raise CliError(str(err)) from None
    if args.events:
        show_events(match)
    outcome = match.outcome()
    names = [p.name for p in match.setup.players]
    if outcome.finished:
        winners = ", ".join(names[s] for s in outcome.winners) or _("nobody")
        finished = ngettext(
            "Finished after {n} round: won by {winners}.",
            "Finished after {n} rounds: won by {winners}.",
            outcome.rounds,
        ).format(n=outcome.rounds, winners=winners)
        print(f"{finished} {outcome.reason}".strip())
    else:
        seat = match.to_move()
        print(_("In progress: {name} to move").format(name="-" if seat is None else names[seat]))
    if outcome.scores:
        pairs = zip(names, outcome.scores, strict=False)
        print(_("Scores: {scores}").format(scores=", ".join(f"{n} {s}" for n, s in pairs)))
    return 0


# -- perft -----------------------------------------------------------------------------------------


def cmd_perft(args: argparse.Namespace) -> int:
    from riotsim.core import perft
    from riotsim.core.contract import PositionError

    ruleset = _ruleset(args.game)
    try:
        data = perft.load_file(args.file)
    except perft.PerftError as err:
        raise CliError(str(err)) from None
    if data.game and data.game != args.game:
        raise CliError(f"{args.file} holds {data.game} positions, not {args.game}")
    entries = [e for e in data.entries if args.position in (None, e.name)]
    if not entries:
        names = ", ".join(e.name for e in data.entries)
        raise CliError(f"{args.file} has no position {args.position!r}; positions: {names}")
    differ = 0
    for entry in entries:
        depth = args.depth or len(entry.counts)
        if not depth:
            raise CliError(f"{entry.name}: the file expects no counts; give --depth N")
        try:
            state = perft.load_state(ruleset, entry)
            found = perft.counts(ruleset, state, depth)
            split = perft.divide(ruleset, state, depth) if args.divide else []
        except PositionError as err:
            raise CliError(f"{entry.name}: {err}") from None
        except perft.PerftError as err:
            raise CliError(f"{entry.name}: {err}") from None
        print(entry.name)
        for level, count in enumerate(found, start=1):
            expected = entry.counts[level - 1] if level <= len(entry.counts) else None
            verdict = "" if expected is None else " ok"
            if expected is not None and expected != count:
                verdict = f" expected {expected} MISMATCH"
                differ += 1
            print(f"  depth {level}: {count}{verdict}")
        if args.divide:
            print(f"  divide at depth {depth}:")
            for action, count in split:
                print(f"    {action}: {count}")
    if differ:
        raise CliError(f"{differ} count(s) differ from {args.file}")
    return 0


# -- parser ----------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="riotsim: a tabletop simulator that knows the rules.")
    parser.add_argument("--version", action="version", version=f"{PROG} {riotsim.__version__}")
    parser.add_argument("--frames", type=_positive, help="run the app for N frames and exit")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1280x800")
    parser.add_argument(
        "--lang",
        choices=("en", "it"),
        help="the language to speak (default: the one chosen in Settings, else the system's)",
    )
    parser.set_defaults(func=cmd_app)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="open the app straight into a new game")
    play.add_argument("game")
    play.add_argument("--players", type=_positive, help="number of seats")
    play.add_argument(
        "--bots",
        help="per seat, comma separated: human, easy, normal, hard, random, greedy, planner or "
        "mcts, any with a cap in ms per move (mcts:500)",
    )
    play.add_argument("--seed", type=int)
    play.add_argument("--map", help="map id (see the setup screen) or a map file, PATH.tmx")
    play.add_argument("--scenario")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    # SUPPRESS keeps `riotsim --frames N play X` working (no None overriding the top level).
    play.add_argument("--frames", type=_positive, default=argparse.SUPPRESS, help="as riotsim's")
    play.add_argument("--size", type=_size, default=argparse.SUPPRESS)
    play.set_defaults(func=cmd_play)

    shot = sub.add_parser("screenshot", help="render a scene to a PNG file, headless")
    shot.add_argument(
        "--scene",
        required=True,
        choices=["menu", "setup", "settings", "game", "summary", "reference", "lab"],
    )
    shot.add_argument("--out", required=True, metavar="FILE.png")
    shot.add_argument("--game")
    shot.add_argument("--seed", type=int)
    shot.add_argument("--actions", type=_non_negative)
    shot.add_argument("--size", type=_size)
    shot.add_argument(
        "--ui-scale",
        type=_ui_scale,
        metavar="auto|PERCENT",
        help="the UI scale: auto (fill the window, the default) or 75%%-200%% of the design size",
    )
    shot.add_argument("--scenario", help="a scenario of the game (see `riotsim games`)")
    shot.add_argument("--players", type=_positive, help="players in the game (default: fewest)")
    shot.add_argument(
        "--hold",
        type=float,
        metavar="SECONDS",
        help="picture the last action's animations this far in, not finished",
    )
    shot.add_argument("--map", metavar="MAP.tmx", help="the map file of --scene lab")
    shot.add_argument(
        "--keys", help="keys pressed first: lab overlays (e.g. cn), game keys (h: Quodd's Hint)"
    )
    shot.set_defaults(func=cmd_screenshot)

    check_map = sub.add_parser("check-map", help="validate Tiled maps (exit 1 on problems)")
    check_map.add_argument("paths", nargs="+", metavar="PATH")
    check_map.add_argument(
        "--strict", action="store_true", help="fail on warnings (lopsided designs) too"
    )
    check_map.set_defaults(func=cmd_check_map)

    check_data = sub.add_parser("check-data", help="validate YAML content (exit 1 on problems)")
    check_data.add_argument("dir", nargs="?", metavar="DIR")
    check_data.set_defaults(func=cmd_check_data)

    lab = sub.add_parser("lab", help="Map Lab: show a Tiled map and re-check it on every save")
    lab.add_argument("map", metavar="MAP.tmx")
    lab.add_argument(
        "--terminal", action="store_true", help="watch and re-check in the terminal, no window"
    )
    lab.add_argument("--frames", type=_positive, default=argparse.SUPPRESS, help="as riotsim's")
    lab.add_argument("--size", type=_size, default=argparse.SUPPRESS)
    lab.add_argument("--once", action="store_true", help="check once and exit (1 on problems)")
    lab.add_argument("--interval", type=float, default=0.5, help="seconds between looks")
    lab.add_argument("--max-checks", type=_positive, help=argparse.SUPPRESS)  # tests
    lab.set_defaults(func=cmd_lab)

    sim = sub.add_parser("simulate", help="play headless bot games and summarise them")
    sim.add_argument("game", help="rule set id: riotquest, riot, riot-pm, quodd")
    sim.add_argument("--games", type=_positive, metavar="N", help="how many games to play")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed S+i")
    sim.add_argument("--players", type=_positive, metavar="P", help="seats (default 2)")
    sim.add_argument("--bots", help="one bot for all seats or one per seat, comma separated")
    sim.add_argument("--map", help="map id (see the setup screen) or a map file, PATH.tmx")
    sim.add_argument("--scenario", help="scenario id (see --list-scenarios)")
    sim.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    sim.add_argument("--json", metavar="FILE", help="write every game's result here")
    sim.add_argument("--list-scenarios", action="store_true", help="print the scenarios, exit")
    sim.add_argument(
        "--max-actions",
        type=_positive,
        default=DEFAULT_ACTION_CAP,
        metavar="A",
        help=f"a game still running after A actions is a rules bug (default {DEFAULT_ACTION_CAP})",
    )
    sim.add_argument(
        "--budget",
        type=float,
        help="cap on seconds per bot move (default: none, so mcts stops at its iteration "
        "limit and results do not depend on the machine's speed)",
    )
    sim.add_argument(
        "--mcts-iterations", type=_positive, default=100, metavar="N", help="per mcts move"
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument(
        "--report",
        metavar="DIR",
        help="write a balance report there: report.json and report.html with charts "
        '(needs the "report" extra: matplotlib)',
    )
    sim.add_argument(
        "--compare", metavar="M2", help="also play the batch on map M2; the report shows both"
    )
    sim.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        metavar="N",
        help="play the games in N processes (same results as one)",
    )
    sim.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on the Dask scheduler at ADDRESS, e.g. tcp://host:8786 "
        '(needs the "cluster" extra; workers need riotsim installed)',
    )
    sim.add_argument("--cluster-timeout", type=float, default=30.0, help=argparse.SUPPRESS)
    sim.add_argument(
        "--verify-replay",
        action="store_true",
        help="replay every game from its log (through a save file) and check the final state",
    )
    sim.set_defaults(func=cmd_simulate)

    replay = sub.add_parser("replay", help="print or verify a saved game")
    replay.add_argument("save", metavar="SAVE")
    replay.add_argument("--verify", action="store_true", help="replay and check the final hash")
    replay.add_argument("--events", action="store_true", help="also print what each action did")
    replay.set_defaults(func=cmd_replay)

    count = sub.add_parser(
        "perft", help="count legal-action tree leaves from the positions of a data file"
    )
    count.add_argument("game", help="rule set id")
    count.add_argument("file", metavar="FILE", help="tests/perft/<game>.yaml, or one position")
    count.add_argument("--depth", type=_positive, metavar="N", help="default: as the file lists")
    count.add_argument("--divide", action="store_true", help="leaves under each first action")
    count.add_argument("--position", metavar="NAME", help="only the position of this name")
    count.set_defaults(func=cmd_perft)
    return parser


def _log_crash() -> str:
    try:
        from riotsim.paths import user_data_dir

        path = user_data_dir() / "riotsim.log"
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(time.strftime("%Y-%m-%d %H:%M:%S ") + traceback.format_exc() + "\n")
        return f" (details in {path})"
    except OSError:
        return ""


def _live_threads() -> set[Any]:
    threading = sys.modules.get("threading")
    return set(threading.enumerate()) if threading is not None else set()


def _settle_background_threads(started_before: set[Any], timeout: float = 10.0) -> None:
    """Let daemon threads the command started (the menu imports the games on one) finish
    before the interpreter shuts down: a daemon thread killed inside an import can abort the
    process at exit ("FATAL: exception not rethrown", status 134), failing a `--frames N` run.
    Threads that were running before the command are not ours to wait for."""
    deadline = time.monotonic() + timeout
    for thread in _live_threads() - started_before:
        if thread.daemon and thread.is_alive():
            thread.join(max(0.0, deadline - time.monotonic()))


def _lang_asked(args: list[str]) -> str | None:
    """The value of a --lang among the arguments, if it names a language we speak (a wrong
    one is left for the parser to refuse)."""
    from riotsim.i18n import LANGUAGES

    for i, arg in enumerate(args):
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            return value
    return None


def _speak(choice: str | None) -> None:
    """Speak ``choice`` (from --lang) or the system's language; the app may switch later."""
    from riotsim.i18n import set_language

    set_language(choice or "system")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        _speak(_lang_asked(args_list))  # before the parser, so its messages speak it too
        args = build_parser().parse_args(args_list)
        func: Callable[[argparse.Namespace], int] = args.func
        threads_before = _live_threads()
        status = func(args)
        if func in (cmd_app, cmd_play, cmd_lab, cmd_screenshot):
            _settle_background_threads(threads_before)
        return status
    except CliError as err:
        print(_("{prog}: error: {message}").format(prog=PROG, message=err), file=sys.stderr)
        return err.status
    except KeyboardInterrupt:
        print(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`riotsim replay X | head`): not an error worth a message.
        # Point stdout at devnull so the interpreter's final flush does not complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except SystemExit as exit_:  # --help and --version
        return exit_.code if isinstance(exit_.code, int) else 0
    except Exception as err:
        if os.environ.get("RIOTSIM_DEBUG"):
            raise
        where = _log_crash()
        print(
            _("{prog}: internal error: {kind}: {message}{where}").format(
                prog=PROG, kind=type(err).__name__, message=err, where=where
            ),
            file=sys.stderr,
        )
        return EXIT_FAIL


if __name__ == "__main__":
    sys.exit(main())
