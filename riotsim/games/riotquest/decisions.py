"""Riot Quest's two stacks of pending work, as declared kinds: decision frames and queued steps.

A pending decision stays a plain :class:`~riotsim.core.contract.Decision` on ``state.pending``
and a queued resolution step a plain dict on ``state.queue`` (``{"op": "trig", ...}``): that is
what a save holds, so saves keep their form. The :class:`Frame` registered for a decision's kind
in :data:`FRAMES`, and the :class:`Step` registered for a step's ``op`` in :data:`STEPS`, give
its behaviour and declare its data fields with their checks (``fieldchecks.py``), which is how
``positions.py`` reads both from an untrusted position. The kinds themselves are in
``frames.py`` and ``steps.py`` (loaded by ``rules``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from riotsim.core.contract import Action, Decision, Event
from riotsim.core.fields import Reader
from riotsim.core.frames import FrameKind, FrameKinds
from riotsim.games.riotquest.fieldchecks import FrameContext
from riotsim.games.riotquest.state import RQState


class _Declared(FrameKind):
    """A kind whose data is read by its declared fields, then checked against the state."""

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        cls.agree(context, r)
        return data

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        """Refuse data that is well typed but disagrees with the state (``d`` reads the data)."""


class Frame(_Declared, ABC):
    """Behaviour of one decision kind (stateless: the decision's data lives on the Decision)."""

    @abstractmethod
    def actions(self, s: RQState, f: Decision) -> list[Action]:
        """The answers the deciding seat may give."""

    @abstractmethod
    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        """Apply ``a``, one of :meth:`actions`, appending what happened to ``ev``."""


class Step(_Declared, ABC):
    """Behaviour of one kind of queued resolution step (its data is the dict on the queue,
    ``op`` naming the kind)."""

    @abstractmethod
    def run(self, s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
        """Run ``op``, the head of ``s.queue``: pop it when done, or leave it there while a
        decision it opened waits on ``s.pending``."""


K = TypeVar("K", bound=_Declared)


class Registry(FrameKinds[K], Generic[K]):
    """The kinds by name, each with the one instance that runs it."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.handlers: dict[str, K] = {}

    def register(self, cls: type[K]) -> type[K]:
        super().register(cls)
        self.handlers[cls.kind] = cls()
        return cls


FRAMES: Registry[Frame] = Registry("Riot Quest")
STEPS: Registry[Step] = Registry("Riot Quest queued step")
frame = FRAMES.register
step = STEPS.register
