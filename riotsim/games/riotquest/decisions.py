"""Riot Quest decision frames: the base class and the registry by kind.

A pending decision stays a plain :class:`~riotsim.core.contract.Decision` on ``state.pending``
(its kind, seat and data are what a save holds, so saves keep their text form); the
:class:`Frame` registered for its kind in :data:`FRAMES` gives its behaviour. The kinds
themselves are in ``frames.py`` (loaded by ``rules``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from riotsim.core.contract import Action, Decision, Event
from riotsim.games.riotquest.state import RQState


class Frame(ABC):
    """Behaviour of one decision kind (stateless: the decision's data lives on the Decision)."""

    kind: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def actions(self, s: RQState, f: Decision) -> list[Action]:
        """The answers the deciding seat may give."""

    @abstractmethod
    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        """Apply ``a``, one of :meth:`actions`, appending what happened to ``ev``."""


FRAMES: dict[str, Frame] = {}


def frame(cls: type[Frame]) -> type[Frame]:
    """Register ``cls`` for its kind."""
    FRAMES[cls.kind] = cls()
    return cls
