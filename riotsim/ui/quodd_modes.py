"""What the app shows about Quodd's scenarios and modes, in words (no pygame here).

The rules live in :mod:`riotsim.games.quodd`; this module only reads them: the scenario
specs (mode, objective, players, rounds), the setup options of the modes (``teams``,
``overlord``, ``sides``, ``world_events``, ``world_cards``) and the World Event cards of
``catalog.world_events()`` where the rule set has them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riotsim.i18n import N_, _, ngettext

# The chooser's groups, in the order of *Scenario Types* (tutorials first).
GROUPS = (
    ("tutorial", N_("Tutorial")),
    ("solo", N_("Solo")),
    ("coop", N_("Co-op")),
    ("ffa", N_("Free-for-all")),
    ("teams", N_("Teams")),
    ("overlord", N_("Overlord")),
)
GROUP_NAMES = dict(GROUPS)  # (English: translate with _() where shown)


def group_name(mode: str) -> str:
    """A scenario type's heading in the language spoken ('' for an unknown one)."""
    name = GROUP_NAMES.get(mode, "")
    return _(name) if name else ""


def objective_sentence(kind: str, target: int) -> str:
    """'Reach 3 rally markers' (the whole sentence, so a translator can order it)."""
    n = target
    words = {
        "rally": lambda: ngettext("Reach {n} rally marker", "Reach {n} rally markers", n),
        "crystals": lambda: ngettext("Deliver {n} crystal", "Deliver {n} crystals", n),
        "treasure": lambda: ngettext("Find {n} treasure", "Find {n} treasures", n),
        "escape": lambda: ngettext("Escape through {n} exit", "Escape through {n} exits", n),
        "sheep": lambda: ngettext("Herd {n} sheep", "Herd {n} sheep", n),
        "loot": lambda: ngettext("Collect {n} treasure card", "Collect {n} treasure cards", n),
        "characters": lambda: ngettext(
            "Collect {n} character token", "Collect {n} character tokens", n
        ),
    }
    found = words.get(kind)
    if found is None:
        return _("Reach {n} {thing}").format(n=n, thing=kind)
    return found().format(n=n)


# mode -> how its objective is met ({objective} is the sentence above)
OBJECTIVE_MODES = {
    "ffa": N_("{objective} first, alone"),
    "teams": N_("{objective} as a team, first"),
    "coop": N_("{objective} together"),
    "overlord": N_("{objective} (the heroes; the Overlord stops them)"),
}

MODE_OPTION_KEYS = ("teams", "overlord", "sides", "world_events", "world_cards")


@dataclass(frozen=True)
class ScenarioEntry:
    """One scenario as the chooser lists it."""

    id: str
    group: str  # the mode id (GROUPS)
    name: str
    objective: str
    players: str
    rounds: str
    summary: str


def objective_words(kind: str, target: int, mode: str) -> str:
    """A scenario's objective as a sentence ("Reach 3 rally markers")."""
    sentence = objective_sentence(kind, target)
    how = OBJECTIVE_MODES.get(mode)
    return _(how).format(objective=sentence) if how else sentence


def players_words(lo: int, hi: int) -> str:
    if lo == hi:
        return ngettext("{n} player", "{n} players", lo).format(n=lo)
    return _("{low}-{high} players").format(low=lo, high=hi)


def rounds_words(spec: Any) -> str:
    """The round limit, and the time tracker where the scenario has one (part D's field)."""
    text = ngettext("{n} round", "{n} rounds", spec.rounds).format(n=spec.rounds)
    time = getattr(spec, "time", None)
    if isinstance(time, int) and not isinstance(time, bool) and time > 0:
        text = _("{rounds}, time tracker {time}").format(rounds=text, time=time)
    return text


def entry(spec: Any) -> ScenarioEntry:
    lo, hi = spec.players
    return ScenarioEntry(
        id=spec.id,
        group=spec.mode if spec.mode in GROUP_NAMES else "solo",
        name=_(spec.name) if spec.name else spec.name,  # content texts are msgids too (L2)
        objective=objective_words(spec.objective.type, spec.objective.target, spec.mode),
        players=players_words(lo, hi),
        rounds=rounds_words(spec),
        summary=" ".join(_(str(spec.summary)).split()) if spec.summary else "",
    )


def scenario_entries(specs: dict[str, Any] | None = None) -> list[ScenarioEntry]:
    """Every scenario a player may choose, grouped by type in :data:`GROUPS` order (the
    catalog's order inside a group). The map sandbox's ``try_`` scenarios are left out."""
    if specs is None:
        from riotsim.games.quodd import catalog

        specs = catalog.scenarios()
    entries = [entry(s) for s in specs.values() if not s.id.startswith("try_")]
    order = {mode: i for i, (mode, _) in enumerate(GROUPS)}
    return sorted(entries, key=lambda e: order.get(e.group, len(order)))


def scenario_spec(scenario_id: str | None) -> Any | None:
    from riotsim.games.quodd import catalog

    return catalog.scenarios().get(scenario_id or "")


def world_event_cards() -> list[Any] | None:
    """The World Event cards (``id``, ``name``, ``text``, ``count``), or None while the rule
    set has no ``catalog.world_events()`` (then the setup shows no deck editor)."""
    from riotsim.games.quodd import catalog

    cards = getattr(catalog, "world_events", None)
    if cards is None:
        return None
    return list(cards().values())


def default_teams(spec: Any, seats: int) -> list[int]:
    """The scenario's own split of the seats into teams (the rule set's)."""
    from riotsim.games.quodd import scenario

    return list(scenario.spec_teams(spec, seats))


def default_overlord(spec: Any, seats: int) -> int:
    """The scenario's Overlord seat (the rule set's rule: its own, else the last seat)."""
    from riotsim.games.quodd import scenario

    try:
        return scenario.overlord_seat(spec, seats, {})
    except ValueError:  # the scenario's seat is not at this table: the start says so
        return -1


def default_world_events(spec: Any) -> bool:
    """W4: world events default off in solo and tutorial scenarios, on in the others."""
    return spec.mode not in ("tutorial", "solo")


def fit_options(options: dict[str, Any], spec: Any | None, seats: int) -> dict[str, Any]:
    """The mode options made to fit the scenario and the seat count: per-seat lists cut or
    padded (with the scenario's own split), an Overlord seat that left the table left out
    (the scenario's own then), and options of other modes dropped. Other keys (a
    campaign's ``heroes``...) are kept as they are."""
    out = {k: v for k, v in options.items() if k not in MODE_OPTION_KEYS}
    if spec is None:
        return out
    if spec.mode == "teams" and options.get("teams"):
        teams = list(options["teams"])
        base = default_teams(spec, seats)
        out["teams"] = (teams + base[len(teams) :])[:seats]
    if spec.mode == "overlord":
        seat = options.get("overlord", -1)
        if isinstance(seat, int) and 0 <= seat < seats:
            out["overlord"] = seat  # else the scenario's own (the option left out)
    sides = list(options.get("sides") or [])
    if any(side == "b" for side in sides):
        out["sides"] = (sides + ["a"] * seats)[:seats]
    if "world_events" in options:
        out["world_events"] = bool(options["world_events"])
    if "world_cards" in options:
        out["world_cards"] = list(options["world_cards"])
    return out


def option_problems(ruleset: Any, options: dict[str, Any]) -> dict[str, str]:
    """Each mode option's problem as the rule set words it (key -> message)."""
    out = {}
    for key in MODE_OPTION_KEYS:
        if key in options:
            problem = ruleset.extra_option_problem(key, options[key])
            if problem:
                out[key] = problem
    return out


def deck_counts(cards: list[Any], chosen: list[str] | None) -> dict[str, int]:
    """How many copies of each card the deck holds: ``world_cards`` lists each copy (the
    whole catalog when nothing was chosen: every card its ``count`` times)."""
    if chosen is None:
        return {c.id: int(getattr(c, "count", 1)) for c in cards}
    counts = {c.id: 0 for c in cards}
    for card in chosen:
        if card in counts:
            counts[card] += 1
    return counts


def deck_list(counts: dict[str, int]) -> list[str]:
    """The ``world_cards`` option for some counts: each card id once a copy."""
    return [card for card, n in counts.items() for _ in range(max(0, n))]


# Team rings and the Overlord's mark (RGB; drawn around the seat markers, never alone: each
# team is also named in words next to it).
TEAM_COLOURS = (
    (255, 214, 10),
    (72, 219, 251),
    (255, 121, 198),
    (170, 240, 120),
    (255, 255, 255),
    (190, 150, 255),
)
OVERLORD_COLOUR = (200, 40, 60)


def team_colour(team: int) -> tuple[int, int, int]:
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]
