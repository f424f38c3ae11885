"""`riotsim check-data` on a content folder holding a 5 MB YAML file. Budget: under 10 s.

Each case copies the shipped ``data/`` folder to a temporary one and runs the real command
(``python -m riotsim check-data DIR``) in a fresh process, timed from spawn to exit, so the
imports count and no game has cached its content:

* ``shipped``: the shipped content as it is (the anchor);
* ``big-cards``: ``quodd/cards.yaml`` grown to just under the 5 MB file limit with cards of
  fresh ids (read by the YAML syntax check and by the Quodd rules' schema and cross checks);
* ``big-extra``: an extra 5 MB file of nested mappings, lists and aliases beside the others.

Most of the time goes to composing the YAML node tree, which check-data keeps for the line
numbers of its messages: libyaml parses, but every node, mark and tag is still a Python object
(about 600,000 nodes in 5 MB). The ``parse`` rows time :func:`riotsim.core.content.read_yaml`
alone on the big cards file with libyaml's ``CSafeLoader`` and with PyYAML's pure-Python
``SafeLoader`` (the fallback).

    python3 benchmarks/bench_checkdata.py [--no-fail]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _bench

BUDGET_S = 10.0


def _riotsim_root() -> Path:
    import riotsim

    return Path(riotsim.__file__).resolve().parent.parent


def big_cards(data: Path, limit: int) -> Path:
    path = data / "quodd" / "cards.yaml"
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n"
    n = 0
    chunks = [text]
    size = len(text.encode())
    while True:
        card = (
            f"  - id: filler_{n}\n    name: Filler {n}\n    type: food\n    count: 1\n"
            f"    text: A card of the benchmark, number {n}.\n    effects: [{{do: boost, n: 1}}]\n"
        )
        if size + len(card) >= limit:
            break
        chunks.append(card)
        size += len(card)
        n += 1
    path.write_text("".join(chunks), encoding="utf-8")
    return path


def big_extra(data: Path, limit: int) -> Path:
    path = data / "extra" / "big.yaml"
    path.parent.mkdir(exist_ok=True)
    head = "base: &base {kind: filler, tags: [a, b, c], weight: 1.5}\nitems:\n"
    chunks = [head]
    size = len(head)
    n = 0
    while True:
        item = f"  - <<: *base\n    id: item_{n}\n    parts: [{n}, {n + 1}, {{x: {n}, y: 'two'}}]\n"
        if size + len(item) >= limit:
            break
        chunks.append(item)
        size += len(item)
        n += 1
    path.write_text("".join(chunks), encoding="utf-8")
    return path


def run_command(root: Path, timeout: float) -> tuple[float, int, str]:
    env = dict(os.environ, PYTHONPATH=str(_riotsim_root()))
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "riotsim", "check-data", str(root)],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return float("nan"), -1, f"no answer after {timeout:.0f} s"
    seconds = time.perf_counter() - started
    out = (done.stdout.strip().splitlines() or done.stderr.strip().splitlines() or [""])[-1]
    return seconds, done.returncode, out[:100]


def parse_time(path: Path, loader_name: str) -> float:
    import yaml

    import riotsim.core.content as content

    loader = getattr(yaml, loader_name, None)
    if loader is None:
        return float("nan")
    saved = content._LOADER
    content._LOADER = loader
    try:
        started = time.perf_counter()
        content.read_yaml(path)
        return time.perf_counter() - started
    finally:
        content._LOADER = saved


def main(argv: list[str] | None = None) -> int:
    from riotsim.core.content import MAX_FILE_BYTES
    from riotsim.paths import data_dir

    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("--timeout", type=float, default=120.0)
    args = p.parse_args(argv)
    rows: list[dict] = []
    missed: list[str] = []
    limit = MAX_FILE_BYTES - 1024
    with tempfile.TemporaryDirectory() as tmp:
        for case in ("shipped", "big-cards", "big-extra"):
            root = Path(tmp) / case
            shutil.copytree(data_dir(), root / "data")
            size = 0
            if case == "big-cards":
                size = big_cards(root / "data", limit).stat().st_size
            elif case == "big-extra":
                size = big_extra(root / "data", limit).stat().st_size
            seconds, code, last = run_command(root, args.timeout)
            rows.append(
                {"case": case, "bytes": size, "seconds": seconds, "exit": code, "last": last}
            )
            if not seconds < BUDGET_S:
                missed.append(f"{case}: {seconds:.2f} s, budget < {BUDGET_S} s")
        cards = big_cards(Path(tmp) / "big-cards" / "data", limit)
        for loader in ("CSafeLoader", "SafeLoader"):
            rows.append(
                {
                    "case": f"parse ({loader})",
                    "bytes": cards.stat().st_size,
                    "seconds": parse_time(cards, loader),
                    "exit": "",
                    "last": "read_yaml only, in this process",
                }
            )
    headers = ["case", "bytes", "time (s)", "exit", "last line"]
    keys = ["case", "bytes", "seconds", "exit", "last"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("checkdata", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
