"""`riotsim check-map` on hostile maps under 1 MB. Budget: every map checked in under 2 s.

Generates maps that used to take minutes or gigabytes (256 large layers, a tileset image
declared 1e9 x 1e9 pixels with 1x1 tiles, a RIOT board with two 10,000-point polygons, a RIOT
board with thousands of spaces, the most objects a map may hold...) into a temporary folder and
times ``riotsim.core.checks.check_map`` on each, every map in a fresh process with an address
space limit (``--memory-mb``) and a timeout, so a regression reports a missed budget instead of
swapping the machine. The shipped maps' median check time is the anchor (row ``shipped``).

    python3 benchmarks/bench_checkmap.py [CASE ...] [--keep DIR] [--memory-mb 2048] [--no-fail]
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

import _bench

BUDGET_S = 2.0
MAX_BYTES = 1024 * 1024

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<map version="1.10" orientation="{orientation}" renderorder="right-down" width="{w}" '
    'height="{h}" tilewidth="{tw}" tileheight="{th}" infinite="0"{extra}>\n'
    ' <properties><property name="game" value="{game}"/></properties>\n'
)


def _head(game: str, w: int, h: int, tw: int = 32, th: int = 32, extra: str = "") -> str:
    return _HEAD.format(orientation="orthogonal", w=w, h=h, tw=tw, th=th, extra=extra, game=game)


def _tileset(folder: Path, name: str = "t", tiles: int = 4, size: int = 32) -> str:
    """An external tileset of ``tiles`` tiles in a row (the image file is a stub)."""
    (folder / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(292))
    (folder / f"{name}.tsx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="{name}" tilewidth="{size}" '
        f'tileheight="{size}" tilecount="{tiles}" columns="{tiles}">\n'
        f' <image source="{name}.png" width="{size * tiles}" height="{size}"/>\n</tileset>\n',
        encoding="utf-8",
    )
    return f' <tileset firstgid="1" source="{name}.tsx"/>\n'


def _zlib_layer(index: int, w: int, h: int, gid: int = 1) -> str:
    raw = zlib.compress(gid.to_bytes(4, "little") * (w * h), 9)
    return (
        f' <layer id="{index}" name="l{index}" width="{w}" height="{h}">\n'
        f'  <data encoding="base64" compression="zlib">{base64.b64encode(raw).decode()}</data>\n'
        " </layer>\n"
    )


def _polygon(
    oid: int, name: str, kind: str, points: list[tuple[float, float]], props: str = ""
) -> str:
    text = " ".join(f"{x:g},{y:g}" for x, y in points)
    return (
        f'  <object id="{oid}" name="{name}" type="{kind}" x="0" y="0">'
        f"<properties>{props}</properties>"
        f'<polygon points="{text}"/></object>\n'
    )


def case_layers(folder: Path) -> Path:
    """256 tile layers of 256 x 256 cells, zlib-compressed (about 120 KB)."""
    text = _head("quodd", 256, 256) + _tileset(folder)
    text += "".join(_zlib_layer(i + 1, 256, 256) for i in range(256))
    return _write(folder / "layers.tmx", text + "</map>\n")


def case_layers_at_limit(folder: Path) -> Path:
    """The most layer cells a map may hold, in plain CSV: the largest map that is read."""
    from riotsim.core.tiled import MAX_TOTAL_CELLS

    side = 256
    count = max(1, MAX_TOTAL_CELLS // (side * side))
    text = _head("quodd", side, side) + _tileset(folder)
    row = ",".join(["1"] * side)
    for i in range(count):
        data = ",\n".join([row] * side)
        text += (
            f' <layer id="{i + 1}" name="l{i}" width="{side}" height="{side}">\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
        )
    return _write(folder / "layers_at_limit.tmx", text + "</map>\n")


def case_huge_tileset_image(folder: Path) -> Path:
    """A tileset image declared 1e9 x 1e9 pixels cut into 1 x 1 tiles (a 300-byte file)."""
    (folder / "huge.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(292))
    (folder / "huge.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="huge" tilewidth="1" '
        'tileheight="1">\n <image source="huge.png" width="1000000000" height="1000000000"/>\n'
        "</tileset>\n",
        encoding="utf-8",
    )
    text = _head("quodd", 9, 9, 1, 1) + ' <tileset firstgid="1" source="huge.tsx"/>\n'
    text += _zlib_layer(1, 9, 9)
    return _write(folder / "huge_image.tmx", text + "</map>\n")


def _riot_frame(spaces: str, w: int, h: int) -> str:
    head = _head("riot", w, h, 32, 32)
    return head + ' <objectgroup id="1" name="spaces">\n' + spaces + " </objectgroup>\n</map>\n"


def case_riot_polygons(folder: Path) -> Path:
    """A RIOT board whose two spaces are 10,000-point polygons sharing a long border."""
    n = 10_000
    step = 1000 / (n - 2)
    border = [(500.0, 20 + i * step) for i in range(n - 2)]
    left = [(20.0, border[-1][1]), (20.0, 20.0)] + border
    right = list(reversed(border)) + [(980.0, 20.0), (980.0, border[-1][1])]
    area = '<property name="area" value="a"/>'
    objs = _polygon(1, "west", "street", left, area) + _polygon(2, "east", "street", right, area)
    return _write(folder / "riot_polygons.tmx", _riot_frame(objs, 40, 40))


def case_riot_many_spaces(folder: Path) -> Path:
    """A RIOT board with as many small square street spaces as fit in 1 MB (a 60 x 60 grid)."""
    side, size = 60, 16
    area = '<property name="area" value="a"/>'
    objs = []
    for row in range(side):
        for col in range(side):
            x, y = col * size, row * size
            square = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
            objs.append(_polygon(len(objs) + 1, f"s{col}_{row}", "street", square, area))
    return _write(folder / "riot_many_spaces.tmx", _riot_frame("".join(objs), 32, 32))


def case_objects(folder: Path) -> Path:
    """A Quodd board with the most objects a map may hold, every one a point."""
    from riotsim.core.tiled import MAX_OBJECTS

    text = _head("quodd", 9, 9) + _tileset(folder) + _zlib_layer(1, 9, 9)
    text += ' <objectgroup id="2" name="o">\n'
    text += "".join(
        f'  <object id="{i + 1}" type="x" x="{i % 288}" y="{i // 288 % 288}"><point/></object>\n'
        for i in range(MAX_OBJECTS)
    )
    return _write(folder / "objects.tmx", text + " </objectgroup>\n</map>\n")


def case_hex_arena(folder: Path) -> Path:
    """A Riot Quest arena of 256 x 256 open hexes (the largest map side) with its gates,
    beacons and centre spread over it."""
    (folder / "hex.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(292))
    (folder / "hex.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="hex" tilewidth="64" '
        'tileheight="56" tilecount="1" columns="1">\n <image source="hex.png" width="64" '
        'height="56"/>\n <tile id="0"><properties><property name="terrain" value="open"/>'
        "</properties></tile>\n</tileset>\n",
        encoding="utf-8",
    )
    side = 256
    text = _HEAD.format(
        orientation="hexagonal",
        w=side,
        h=side,
        tw=64,
        th=56,
        extra=' hexsidelength="32" staggeraxis="x" staggerindex="even"',
        game="riotquest",
    )
    text += ' <tileset firstgid="1" source="hex.tsx"/>\n' + _zlib_layer(1, side, side)
    text += ' <objectgroup id="2" name="features">\n'
    oid = 0
    for kind in ("spawn_gate", "beacon"):
        for number in range(1, 7):
            oid += 1
            x, y = 48 * (20 * number + (kind == "beacon") * 10), 56 * (40 * number % 250) + 28
            text += (
                f'  <object id="{oid}" name="{kind} {number}" class="{kind}" x="{x}" y="{y}">'
                f'<properties><property name="number" type="int" value="{number}"/>'
                "</properties><point/></object>\n"
            )
    text += (
        f'  <object id="99" class="centre" x="{48 * 128}" y="{56 * 128 + 28}"><point/></object>\n'
    )
    return _write(folder / "hex_arena.tmx", text + " </objectgroup>\n</map>\n")


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


CASES: dict[str, Callable[[Path], Path]] = {
    "layers": case_layers,
    "layers-at-limit": case_layers_at_limit,
    "huge-tileset-image": case_huge_tileset_image,
    "riot-polygons": case_riot_polygons,
    "riot-many-spaces": case_riot_many_spaces,
    "objects": case_objects,
    "hex-arena": case_hex_arena,
}

_CHILD = """
import json, resource, sys, time
limit = int(sys.argv[2]) * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from riotsim.core.checks import check_map
from pathlib import Path
paths = [Path(p) for p in sys.argv[3:]]
check_map(paths[0])  # imports and the game's caches, timed apart
out = []
for path in paths[int(sys.argv[1]):]:
    started = time.perf_counter()
    problems = check_map(path)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.append({"seconds": seconds, "problems": [str(p) for p in problems][:3],
                "count": len(problems), "peak_mb": peak})
print(json.dumps(out))
"""


def run_child(paths: list[Path], skip: int, memory_mb: int, timeout: float) -> list[dict] | str:
    """Check ``paths[skip:]`` in a fresh process (``paths[0]`` first, untimed, to warm up)."""
    import riotsim  # the child checks with the same riotsim as this process imports

    env = dict(os.environ, PYTHONPATH=str(Path(riotsim.__file__).resolve().parent.parent))
    cmd = [sys.executable, "-c", _CHILD, str(skip), str(memory_mb), *map(str, paths)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return f"no answer after {timeout:.0f} s"
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return f"crashed (exit {done.returncode}): {tail}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    from riotsim.paths import maps_dir

    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("cases", nargs="*", help=f"cases to run (default: all of {', '.join(CASES)})")
    p.add_argument("--keep", metavar="DIR", help="write the generated maps here and keep them")
    p.add_argument("--memory-mb", type=int, default=2048, help="address space per check")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per check")
    args = p.parse_args(argv)
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        p.error(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(CASES)}")
    shipped = sorted(maps_dir().rglob("*.tmx"))
    rows: list[dict] = []
    missed: list[str] = []
    anchor = run_child(shipped + shipped, len(shipped), args.memory_mb, args.timeout)
    if isinstance(anchor, str):
        missed.append(f"shipped maps: {anchor}")
    else:
        times = [r["seconds"] for r in anchor]
        rows.append(
            {
                "case": "shipped",
                "bytes": max(path.stat().st_size for path in shipped),
                "seconds": _bench.median(times),
                "max_s": max(times),
                "peak_mb": max(r["peak_mb"] for r in anchor),
                "answer": f"{len(shipped)} maps, {sum(r['count'] for r in anchor)} problems",
            }
        )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in args.cases or list(CASES):
            path = CASES[name](folder)
            size = path.stat().st_size
            if size >= MAX_BYTES:
                missed.append(f"{name}: the generated map is {size} bytes, not under 1 MB")
            result = run_child([shipped[0], path], 1, args.memory_mb, args.timeout)
            if isinstance(result, str):
                rows.append(
                    {
                        "case": name,
                        "bytes": size,
                        "seconds": float("nan"),
                        "max_s": float("nan"),
                        "peak_mb": float("nan"),
                        "answer": result,
                    }
                )
                missed.append(f"{name}: {result}")
                continue
            r = result[0]
            answer = r["problems"][0] if r["problems"] else "no problems"
            rows.append(
                {
                    "case": name,
                    "bytes": size,
                    "seconds": r["seconds"],
                    "max_s": r["seconds"],
                    "peak_mb": r["peak_mb"],
                    "answer": answer[:110] + (f" (+{r['count'] - 1})" if r["count"] > 1 else ""),
                }
            )
            if r["seconds"] >= BUDGET_S:
                missed.append(f"{name}: {r['seconds']:.2f} s, budget < {BUDGET_S} s")
    keys = ["case", "bytes", "seconds", "peak_mb", "answer"]
    headers = ["case", "bytes", "check (s)", "peak RSS (MB)", "first message"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("checkmap", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
