"""Map Lab frame time on a RIOT board with 200 areas. Budget: every frame under 50 ms.

Generates a RIOT map of ``--areas`` areas (a grid of square area outlines, each holding a
street and a building polygon, so the board is a real one with 400 spaces), opens it in
:class:`riotsim.ui.scenes.lab.MapLabScene` inside a real :class:`riotsim.ui.app.App` at
1280x800 (SDL's dummy video driver) and times ``App.tick`` plus ``display.flip()``:

* ``open``: the frame that pushes the lab (load, check and picture of the map);
* ``steady``: ``--frames`` frames while nothing changes (p50, p99, max);
* ``save``: the designer saves the file ``--saves`` times; every frame from the save until the
  new check is shown (max over them) - the lab must stay responsive while it reloads.

    python3 benchmarks/bench_lab.py [--areas 200] [--frames 300] [--saves 3] [--no-fail]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import _bench

BUDGET_MS = 50.0
SIZE = (1280, 800)


def _polygon(
    oid: int, name: str, kind: str, x: float, y: float, w: float, h: float, props: str
) -> str:
    points = f"0,0 {w:g},0 {w:g},{h:g} 0,{h:g}"
    return (
        f'  <object id="{oid}" name="{name}" type="{kind}" x="{x:g}" y="{y:g}">'
        f'<properties>{props}</properties><polygon points="{points}"/></object>\n'
    )


def riot_board(path: Path, areas: int) -> Path:
    """A RIOT board of ``areas`` square areas; each has a street (left half) and a building."""
    cols = max(1, round((areas * 1.6) ** 0.5))
    size = 64
    objects = []
    oid = 0
    for n in range(areas):
        x, y = (n % cols) * size, (n // cols) * size
        area = f'<property name="area" value="a{n}"/>'
        oid += 1
        objects.append(_polygon(oid, f"area_{n}", "area", x, y, size, size, area))
        oid += 1
        objects.append(_polygon(oid, f"street_{n}", "street", x, y, size / 2, size, area))
        oid += 1
        kind = "hq" if n == 0 else "hospital" if n == 1 else "building"
        credits = '<property name="credits" type="int" value="1"/>' if kind == "building" else ""
        objects.append(
            _polygon(oid, f"building_{n}", kind, x + size / 2, y, size / 2, size, area + credits)
        )
    rows = (areas + cols - 1) // cols
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        f'width="{cols * 2}" height="{rows * 2}" tilewidth="32" tileheight="32" infinite="0">\n'
        ' <properties><property name="game" value="riot"/>'
        f'<property name="title" value="{areas} areas"/></properties>\n'
        ' <objectgroup id="1" name="city">\n' + "".join(objects) + " </objectgroup>\n</map>\n"
    )
    path.write_text(text, encoding="utf-8")
    return path


def _frame(app, dt: float) -> float:
    import pygame

    started = time.perf_counter()
    app.tick(dt)
    pygame.display.flip()
    return (time.perf_counter() - started) * 1000


def measure(path: Path, frames: int, saves: int) -> dict:
    from riotsim.ui.app import App
    from riotsim.ui.scenes.lab import MapLabScene

    app = App(size=SIZE, headless=True)
    _frame(app, 1 / 60)  # the menu's first frame: fonts and the like
    lab = MapLabScene(app, path)
    started = time.perf_counter()
    app.push(lab)
    _frame(app, 1 / 60)
    while getattr(lab, "loading", False) and time.perf_counter() - started < 60:
        _frame(app, 1 / 60)
    open_ms = (time.perf_counter() - started) * 1000
    steady = [_frame(app, 1 / 60) for _ in range(frames)]
    save_frames: list[float] = []
    reload_ms: list[float] = []
    for n in range(saves):
        checked = lab.checked_at, id(lab.problems)
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("</map>", f"<!-- save {n} -->\n</map>"), encoding="utf-8")
        started = time.perf_counter()
        while (lab.checked_at, id(lab.problems)) == checked and time.perf_counter() - started < 60:
            save_frames.append(_frame(app, 1 / 60))
        for _ in range(5):  # the frames right after the new result shows
            save_frames.append(_frame(app, 1 / 60))
        reload_ms.append((time.perf_counter() - started) * 1000)
    return {
        "open_ms": open_ms,
        "problems": len(lab.problems),
        "board": lab.board is not None,
        "p50_ms": _bench.percentile(steady, 50),
        "p99_ms": _bench.percentile(steady, 99),
        "steady_max_ms": max(steady),
        "save_max_ms": max(save_frames) if save_frames else float("nan"),
        "reload_ms": _bench.median(reload_ms),
    }


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("--areas", type=int, default=200)
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--saves", type=int, default=3)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = riot_board(Path(tmp) / "city200.tmx", args.areas)
        row = measure(path, args.frames, args.saves)
    row["areas"] = args.areas
    missed = []
    for key in ("steady_max_ms", "save_max_ms"):
        if not row[key] < BUDGET_MS:
            missed.append(
                f"{key.replace('_ms', '')} frame {row[key]:.1f} ms, budget < {BUDGET_MS} ms"
            )
    keys = [
        "areas",
        "problems",
        "open_ms",
        "p50_ms",
        "p99_ms",
        "steady_max_ms",
        "save_max_ms",
        "reload_ms",
    ]
    headers = [
        "areas",
        "problems",
        "open (ms)",
        "p50",
        "p99",
        "max",
        "max while reloading",
        "reload (ms)",
    ]
    print(_bench.table(headers, [[row[k] for k in keys]]))
    return _bench.finish("lab", [row], missed, args)


if __name__ == "__main__":
    sys.exit(main())
