"""A balance report run on a worker thread, game by game, so a window stays responsive: its
progress can be read at any time and it can be cancelled between two games."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from riotsim.balance.batch import Batch, play_one


class BackgroundReport:
    """Plays ``batch`` then writes its report into ``folder`` (report.json, report.html)."""

    def __init__(self, batch: Batch, folder: Path):
        self.batch = batch
        self.folder = Path(folder)
        self.done = 0
        self.error = ""
        self.page: Path | None = None  # report.html once written
        self.failed: list[dict[str, Any]] = []  # games a rules error stopped (seed, error)
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="balance-report")

    @property
    def total(self) -> int:
        return self.batch.games

    @property
    def fraction(self) -> float:
        return 1.0 if self.page is not None else self.done / max(1, self.total)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def start(self) -> BackgroundReport:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """True once the run has ended (finished, failed or cancelled)."""
        return self._finished.wait(timeout)

    def _write(self, played: list[dict[str, Any]], records: list[dict[str, Any]]) -> None:
        """The report of the games that ended; games a rules error stopped are named (their
        seed replays them) and left out, as the figures need a finished game."""
        from riotsim.balance import report

        self.failed = [r for r in records if "error" in r]
        if self.failed:
            first = self.failed[0]
            self.error = (
                f"{len(self.failed)} of {len(records)} games stopped on a rules error "
                f"(seed {first['seed']}: {first['error']})"
            )
        if not played:
            return
        files = report.write(self.folder, self.batch, report.build(self.batch, [played]))
        self.page = next(p for p in files if p.suffix == ".html")

    def _run(self) -> None:
        try:
            records: list[dict[str, Any]] = []
            for index in range(self.batch.games):
                if self._cancel.is_set():
                    return
                records.append(play_one(self.batch, index))
                self.done = index + 1
            self._write([r for r in records if "error" not in r], records)
        except Exception as exc:  # noqa: BLE001 - shown to the designer, never raised
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._finished.set()
