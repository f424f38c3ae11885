"""The RIOT city as an area graph: spaces (streets, buildings, entry points, HQ...) and links.

Both RIOT rule sets read their board from a Tiled map of typed polygon objects (see
docs/DEVELOPING.md, "RIOT boards"). This module turns those polygons into a :class:`CityBoard`:
which space belongs to which area (district), what each building is worth, and which spaces
touch. Only the links the rules use are kept (street-street, street-building and street-entry
of one area, HQ-street, HQ-hospital), so a building that happens to touch a neighbour's
building on the drawing does not become a path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from riotsim.i18n import _, ngettext

# Space kinds. "hq" is the Police Headquarters in `riot` and the barracks in `riot-pm`.
STREET, BUILDING, ENTRY, HQ, HOSPITAL = "street", "building", "entry", "hq", "hospital"
SPACE_KINDS = (STREET, BUILDING, ENTRY, HQ, HOSPITAL)

_ALLOWED_LINKS = {
    frozenset((STREET,)),
    frozenset((STREET, BUILDING)),
    frozenset((STREET, ENTRY)),
    frozenset((STREET, HQ)),
    frozenset((HQ, HOSPITAL)),
}


class BoardError(ValueError):
    """A board the rules cannot use; the message names the map and the object."""


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    kind: str
    area: str = ""  # "" for the HQ and the hospital
    credits: int = 0  # buildings in `riot`
    colour: str = ""  # buildings in `riot-pm`: yellow, orange or green
    district: str = ""  # riot-pm: politics or media (the district's type)
    points: tuple[tuple[float, float], ...] = ()  # polygon, map pixels

    @property
    def centre(self) -> tuple[float, float]:
        if not self.points:
            return (0.0, 0.0)
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(slots=True)
class CityBoard:
    name: str
    spaces: dict[str, Space]
    adjacent: dict[str, tuple[str, ...]]
    areas: dict[str, tuple[str, ...]] = field(default_factory=dict)  # area -> its space ids
    area_outlines: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    size: tuple[int, int] = (0, 0)
    kind_of: dict[str, str] = field(default_factory=dict)  # space -> kind (hot-loop lookup)
    by_kind: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.kind_of = {s: sp.kind for s, sp in self.spaces.items()}
        self.by_kind = {k: tuple(s for s, v in self.kind_of.items() if v == k) for k in SPACE_KINDS}

    # -- queries the rules use ------------------------------------------------------------
    def kind(self, space: str) -> str:
        return self.spaces[space].kind

    def area_of(self, space: str) -> str:
        return self.spaces[space].area

    def street_of(self, area: str) -> str:
        for sid in self.areas[area]:
            if self.spaces[sid].kind == STREET:
                return sid
        raise BoardError(_("{map}: area {area} has no street").format(map=self.name, area=area))

    def entries_of(self, area: str) -> list[str]:
        return [s for s in self.areas[area] if self.spaces[s].kind == ENTRY]

    def buildings_of(self, area: str) -> list[str]:
        return [s for s in self.areas[area] if self.spaces[s].kind == BUILDING]

    def label(self, space: str, barracks: bool = False) -> str:
        """A player-facing name: 'NW street', 'NE building 2', 'NW entry', 'Police HQ'."""
        sp = self.spaces.get(space)
        if sp is None:
            return space
        area = sp.area.upper()
        if sp.kind == BUILDING:
            n = self.buildings_of(sp.area).index(space) + 1
            return _("{area} building {n}").format(area=area, n=n)
        if sp.kind == STREET:
            return _("{area} street").format(area=area)
        if sp.kind == ENTRY:
            return _("{area} entry").format(area=area)
        if sp.kind == HQ:
            return _("Barracks") if barracks else _("Police HQ")
        return _("Hospital")

    def of_kind(self, kind: str) -> list[str]:
        return list(self.by_kind.get(kind, ()))

    @property
    def hq(self) -> str:
        return self.by_kind[HQ][0]

    @property
    def hospital(self) -> str | None:
        found = self.by_kind[HOSPITAL]
        return found[0] if found else None

    @property
    def area_ids(self) -> list[str]:
        return sorted(self.areas)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        name: str,
        spaces: Iterable[Space],
        links: Iterable[tuple[str, str]],
        area_outlines: Mapping[str, tuple[tuple[float, float], ...]] | None = None,
        size: tuple[int, int] = (0, 0),
        has_hospital: bool = True,
    ) -> CityBoard:
        """Check and index a board; raise :class:`BoardError` listing every problem."""
        by_id: dict[str, Space] = {}
        problems: list[str] = []
        for sp in spaces:
            if sp.id in by_id:
                problems.append(_("two spaces are named {name}").format(name=repr(sp.id)))
            if sp.kind not in SPACE_KINDS:
                problems.append(
                    _("{space}: unknown kind {kind}").format(space=sp.id, kind=repr(sp.kind))
                )
            if sp.kind in (STREET, BUILDING, ENTRY) and not sp.area:
                problems.append(_area_needed(sp))
            by_id[sp.id] = sp
        adj: dict[str, set[str]] = {s: set() for s in by_id}
        for a, b in links:
            if a not in by_id or b not in by_id:
                missing = a if a not in by_id else b
                problems.append(_("link to unknown space {name}").format(name=repr(missing)))
                continue
            ka, kb = by_id[a].kind, by_id[b].kind
            if frozenset((ka, kb)) not in _ALLOWED_LINKS or a == b:
                continue
            if {ka, kb} in ({STREET, BUILDING}, {STREET, ENTRY}) and by_id[a].area != by_id[b].area:
                continue  # a building or entry only opens onto its own area's street
            adj[a].add(b)
            adj[b].add(a)
        areas: dict[str, list[str]] = {}
        for sp in by_id.values():
            if sp.area:
                areas.setdefault(sp.area, []).append(sp.id)
        hqs = [s for s in by_id.values() if s.kind == HQ]
        if len(hqs) != 1:
            problems.append(
                ngettext(
                    "needs exactly one hq object, found {n}",
                    "needs exactly one hq object, found {n}",
                    len(hqs),
                ).format(n=len(hqs))
            )
        hospitals = [s for s in by_id.values() if s.kind == HOSPITAL]
        if has_hospital and len(hospitals) != 1:
            problems.append(
                ngettext(
                    "needs exactly one hospital object, found {n}",
                    "needs exactly one hospital object, found {n}",
                    len(hospitals),
                ).format(n=len(hospitals))
            )
        for hosp in hospitals:
            if not any(by_id[n].kind == HQ for n in adj[hosp.id]):
                problems.append(_("{space}: the hospital must touch the HQ").format(space=hosp.id))
        problems += _area_problems(by_id, adj, areas)
        if problems:
            raise BoardError(f"{name}: " + "; ".join(problems))
        return cls(
            name=name,
            spaces=by_id,
            adjacent={s: tuple(sorted(n)) for s, n in adj.items()},
            areas={a: tuple(sorted(m)) for a, m in areas.items()},
            area_outlines=dict(area_outlines or {}),
            size=size,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "spaces": [
                {
                    "id": s.id,
                    "kind": s.kind,
                    "area": s.area,
                    "credits": s.credits,
                    "colour": s.colour,
                    "district": s.district,
                }
                for s in self.spaces.values()
            ],
            "adjacent": {k: list(v) for k, v in self.adjacent.items()},
        }


def _area_needed(sp: Space) -> str:
    """A street, building or entry drawn without its area (one sentence per kind)."""
    if sp.kind == STREET:
        return _("{space}: a street needs an 'area' property").format(space=sp.id)
    if sp.kind == BUILDING:
        return _("{space}: a building needs an 'area' property").format(space=sp.id)
    return _("{space}: a entry needs an 'area' property").format(space=sp.id)


def _area_problems(
    by_id: Mapping[str, Space], adj: Mapping[str, set[str]], areas: Mapping[str, list[str]]
) -> list[str]:
    """What is wrong with the areas: one street each, buildings on it, streets all joined."""
    problems: list[str] = []
    for area, members in sorted(areas.items()):
        kinds = [by_id[m].kind for m in members]
        if kinds.count(STREET) != 1:
            found = kinds.count(STREET)
            problems.append(
                ngettext(
                    "area {area}: needs exactly one street, found {n}",
                    "area {area}: needs exactly one street, found {n}",
                    found,
                ).format(area=area, n=found)
            )
            continue
        if kinds.count(BUILDING) == 0:
            problems.append(_("area {area}: has no building").format(area=area))
        street = next(m for m in members if by_id[m].kind == STREET)
        for m in members:
            if by_id[m].kind in (BUILDING, ENTRY) and street not in adj[m]:
                problems.append(
                    _("{space}: does not touch the street of area {area}").format(
                        space=m, area=area
                    )
                )
    streets = [s.id for s in by_id.values() if s.kind == STREET]
    if streets:
        seen = {streets[0]}
        todo = [streets[0]]
        while todo:
            cur = todo.pop()
            for n in adj[cur]:
                if by_id[n].kind in (STREET, HQ) and n not in seen:
                    seen.add(n)
                    todo.append(n)
        cut_off = sorted(s for s in streets if s not in seen)
        if cut_off:
            problems.append(
                _("streets not connected to the others: {streets}").format(
                    streets=", ".join(cut_off)
                )
            )
    return problems
