"""Dice defined by their faces in ``data/dice.yaml``, rolled from a state's :class:`Rng`.

Values: Riot Quest's special dice count strikes (miss 0, strike 1, super 2); numbered faces
are their number unless the die lists ``values``. Scripted faces queued on the Rng with
``rng.script("strike", "miss")`` are used before any random roll, so tests and tutorials can
fix outcomes; a scripted face that the die does not have is an error, not a silent re-roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from riotsim.core.problems import ContentError, Problem
from riotsim.core.rng import Rng
from riotsim.i18n import _
from riotsim.paths import data_dir

_STRIKES = {"miss": 0, "strike": 1, "super": 2}


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    label: str
    faces: tuple[str, ...]
    values: dict[str, int]

    def value(self, face: str) -> int:
        return self.values[face]


def _face_value(face: str, explicit: dict[str, int]) -> int | None:
    if face in explicit:
        return explicit[face]
    if face in _STRIKES:
        return _STRIKES[face]
    if face.lstrip("-").isdigit():
        return int(face)
    return None


def parse_dice(raw: object, path: str) -> dict[str, Die]:
    problems: list[Problem] = []
    dice: dict[str, Die] = {}
    if not isinstance(raw, dict) or not isinstance(raw.get("dice"), dict):
        raise ContentError([Problem(path, "", _("expected a mapping with a 'dice' key"))])
    for die_id, spec in raw["dice"].items():
        where = f"dice.{die_id}"
        if not isinstance(spec, dict) or not isinstance(spec.get("faces"), list):
            problems.append(Problem(path, where, _("needs a 'faces' list")))
            continue
        faces = tuple(str(f) for f in spec["faces"])
        if len(faces) < 2:
            problems.append(Problem(path, where, _("a die needs at least two faces")))
            continue
        raw_values = spec.get("values") or {}
        if not isinstance(raw_values, dict):
            problems.append(Problem(path, f"{where}.values", _("must map faces to numbers")))
            continue
        explicit: dict[str, int] = {}
        for key, number in raw_values.items():
            if str(key) not in faces:
                problems.append(
                    Problem(
                        path,
                        f"{where}.values",
                        _("{key!r} is not one of the die's faces").format(key=key),
                    )
                )
            elif isinstance(number, bool) or not isinstance(number, int):
                problems.append(
                    Problem(
                        path,
                        f"{where}.values.{key}",
                        _("{number!r} is not a whole number").format(number=number),
                    )
                )
            else:
                explicit[str(key)] = number
        values: dict[str, int] = {}
        for face in faces:
            value = _face_value(face, explicit)
            if value is None:
                problems.append(
                    Problem(
                        path, f"{where}.faces", _("face {face!r} has no value").format(face=face)
                    )
                )
            else:
                values[face] = value
        dice[str(die_id)] = Die(str(die_id), str(spec.get("label", die_id)), faces, values)
    if problems:
        raise ContentError(problems)
    return dice


@cache
def load_dice(path: Path | None = None) -> dict[str, Die]:
    path = path or data_dir() / "dice.yaml"
    with open(path, encoding="utf-8") as handle:
        raw = yaml.safe_load(handle)
    return parse_dice(raw, str(path))


def die(die_id: str) -> Die:
    dice = load_dice()
    if die_id not in dice:
        raise KeyError(
            _("no die named {die_id!r} in dice.yaml (known: {known})").format(
                die_id=die_id, known=", ".join(sorted(dice))
            )
        )
    return dice[die_id]


def roll(rng: Rng, die_id: str, count: int = 1) -> list[str]:
    """Roll ``count`` dice of one kind; returns the face ids (scripted faces first)."""
    spec = die(die_id)
    faces: list[str] = []
    for _roll in range(count):
        if rng.scripted:
            # A queued value that is not a face id means the script is out of step with the
            # rules (an int queued for randint/choice): say so rather than roll at random.
            face = rng.scripted[0]
            if not isinstance(face, str) or face not in spec.values:
                raise ValueError(
                    f"scripted value {face!r} is not a face of the {die_id} die "
                    f"(faces: {', '.join(dict.fromkeys(spec.faces))})"
                )
            rng.scripted.pop(0)
        else:
            face = spec.faces[rng.below(len(spec.faces))]
        faces.append(face)
    return faces


def total(die_id: str, faces: list[str]) -> int:
    spec = die(die_id)
    return sum(spec.values[f] for f in faces)


def roll_d3(rng: Rng) -> int:
    return total("d3", roll(rng, "d3"))
