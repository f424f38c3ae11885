"""The hero cube: which face points up, north, east, south, west and down.

Faces are named after the hero's body: ``q`` (the head, carrying the Q), ``feet`` opposite it,
``front``/``back`` and ``left``/``right``. Heroes start Q-up facing into the board; each player
assigns the five skills to the five non-Q faces. A tumble rolls the cube over one bottom edge
(the top face changes); a spin turns it about the vertical axis (the top face stays).
"""

from __future__ import annotations

from dataclasses import dataclass

from riotsim.games.quodd.directions import ORTHOGONAL, rotate
from riotsim.i18n import _

FACES = ("q", "feet", "front", "back", "left", "right")
SKILL_FACES = ("feet", "front", "back", "left", "right")
OPPOSITE_FACE = {
    "q": "feet",
    "feet": "q",
    "front": "back",
    "back": "front",
    "left": "right",
    "right": "left",
}
# Slots of an orientation tuple.
SLOTS = ("top", "north", "east", "south", "west", "bottom")


@dataclass(frozen=True, slots=True)
class Cube:
    top: str
    north: str
    east: str
    south: str
    west: str
    bottom: str

    @classmethod
    def start(cls, facing: str = "N") -> Cube:
        """Q up with the front face towards ``facing`` (an orthogonal direction)."""
        cube = cls("q", "front", "right", "back", "left", "feet")
        turns = ORTHOGONAL.index(facing)
        for _turn in range(turns):
            cube = cube.spin(1)
        return cube

    def as_tuple(self) -> tuple[str, ...]:
        return (self.top, self.north, self.east, self.south, self.west, self.bottom)

    @classmethod
    def from_tuple(cls, faces: tuple[str, ...] | list[str]) -> Cube:
        cube = cls(*faces)
        cube.check()
        return cube

    def check(self) -> None:
        faces = self.as_tuple()
        if sorted(faces) != sorted(FACES):
            raise ValueError(_("a cube needs each face once, got {faces}").format(faces=faces))
        pairs = ((self.top, self.bottom), (self.north, self.south), (self.east, self.west))
        for a, b in pairs:
            if OPPOSITE_FACE[a] != b:
                raise ValueError(
                    _("faces {a} and {b} are not opposite on a hero cube").format(a=a, b=b)
                )

    def facing(self, direction: str) -> str:
        """The face pointing ``direction`` (N/E/S/W, or up/down)."""
        return {
            "N": self.north,
            "E": self.east,
            "S": self.south,
            "W": self.west,
            "up": self.top,
            "down": self.bottom,
        }[direction]

    def tumble(self, direction: str) -> Cube:
        """Roll over the bottom edge on the ``direction`` side: that side ends up underneath."""
        t, n, e, s, w, b = self.as_tuple()
        if direction == "N":
            return Cube(s, t, e, b, w, n)
        if direction == "S":
            return Cube(n, b, e, t, w, s)
        if direction == "E":
            return Cube(w, n, t, s, b, e)
        if direction == "W":
            return Cube(e, n, b, s, t, w)
        raise ValueError(f"a cube tumbles north, east, south or west, not {direction!r}")

    def spin(self, quarter_turns: int) -> Cube:
        """Turn about the vertical axis, clockwise seen from above (negative: counter-clockwise)."""
        cube = self
        for _turn in range(quarter_turns % 4):
            t, n, e, s, w, b = cube.as_tuple()
            cube = Cube(t, w, n, e, s, b)
        return cube

    def side_of(self, face: str) -> str:
        """Where ``face`` points: ``up``, ``down`` or a compass direction."""
        for slot, value in zip(("up", "N", "E", "S", "W", "down"), self.as_tuple(), strict=True):
            if value == face:
                return slot
        raise ValueError(f"no face {face!r}")


def rotate_direction(direction: str, quarter_turns: int) -> str:
    return rotate(direction, quarter_turns)
