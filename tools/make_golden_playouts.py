"""Record the golden playouts: seeded bot games whose every action and event is digested.

``tests/test_golden_playouts.py`` replays each case and compares, so a restructure of any rule
set that changes behaviour (an event's data, the legal-action order a bot draws from, a final
state) fails loudly. Re-record only when a change of behaviour is intended, and say so in the
commit: ``python tools/make_golden_playouts.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from golden_playouts import CASES, play  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "tests" / "golden" / "playouts.yaml"


def main() -> None:
    rows = [dict(case, **play(case)) for case in CASES]
    header = "# Written by tools/make_golden_playouts.py, checked by its test\n"
    OUT.write_text(header + yaml.safe_dump(rows, sort_keys=False), encoding="utf-8")
    print(f"{OUT}: {len(rows)} playouts")


if __name__ == "__main__":
    main()
