"""A problem found in a content file, map or save, reported as ``path:place: message``."""

from __future__ import annotations

from dataclasses import dataclass

from riotsim.i18n import _


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    place: str  # a line number, an object name, a field path ... or "" for the whole file
    message: str
    severity: str = "error"  # "error" makes a file unusable; "warning" is advice (--strict)

    @property
    def is_warning(self) -> bool:
        return self.severity == WARNING

    def __str__(self) -> str:
        message = (
            _("warning: {message}").format(message=self.message)
            if self.is_warning
            else self.message
        )
        if self.place:
            return f"{self.path}:{self.place}: {message}"
        return f"{self.path}: {message}"


WARNING = "warning"


def warning(path: str, place: str, message: str) -> Problem:
    """A problem that does not make the file unusable (a lopsided design, say)."""
    return Problem(path, place, message, WARNING)


class ContentError(Exception):
    """Raised with every problem found in one file (or one map), never just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
