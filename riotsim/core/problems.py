"""A problem found in a content file, map or save, reported as ``path:place: message``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    place: str  # a line number, an object name, a field path ... or "" for the whole file
    message: str

    def __str__(self) -> str:
        if self.place:
            return f"{self.path}:{self.place}: {self.message}"
        return f"{self.path}: {self.message}"


class ContentError(Exception):
    """Raised with every problem found in one file (or one map), never just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
