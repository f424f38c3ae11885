"""The Riot Quest action bar: the rules' action menu (``Ruleset.action_menu``) as one slot per
heading, short enough for the bar (no drawing here, no rule decided: a slot is open when the
rules offer one of its entries, greyed with the rules' reason when they do not)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from riotsim.core.contract import MenuEntry
from riotsim.i18n import N_, _, ngettext, pgettext
from riotsim.ui.views.words import tr

# the menu's slot headings the bar shows as they are (Ruleset.action_menu's words)
GROUPS = (N_("Run"),)


def _short(word: str) -> str:
    """A slot's word as the narrow bar button prints it (context "bar": a translation may be
    shorter there than on the cards and in the log)."""
    words = {
        "melee": pgettext("bar", "Melee"),
        "ranged": pgettext("bar", "Ranged"),
        "Raid": pgettext("bar", "Raid"),
        "Rig": pgettext("bar", "Rig"),
        "Equip": pgettext("bar", "Equip"),
    }
    return words.get(word) or tr(word)


@dataclass
class Slot:
    group: str  # the menu heading ("Run", "Attack (ranged): Bazooka", "Equip")
    entries: list[MenuEntry] = field(default_factory=list)

    @property
    def available(self) -> list[MenuEntry]:
        return [e for e in self.entries if e.available]

    @property
    def reason(self) -> str:
        """Why the slot is closed ('' when it is open): the first greyed entry's reason."""
        if self.available:
            return ""
        return next((e.reason for e in self.entries if e.reason), "")

    @property
    def label(self) -> str:
        """The button's label: ``Run``, ``Ranged`` (the weapon is in the tip), ``LEAP``,
        ``End``."""
        g = self.group
        if g.startswith("Attack ("):  # a hero has one weapon of each kind at most
            kind = g.removeprefix("Attack (").partition(")")[0]
            return _short(kind)
        if g.startswith("Special: "):
            return tr(g.removeprefix("Special: "))
        if g == "End activation":
            return _("End")
        return _short(g)

    @property
    def hint(self) -> str:
        """The button's second line: what the slot costs (``1 die``, ``1-4 dice``, ``2-3
        Loot``), or nothing."""
        costs = [e.cost for e in self.available if e.cost]
        if not costs:  # (a greyed slot's reason shows on hover)
            return ""
        return cost_range(costs)

    @property
    def tip(self) -> str:
        """The slot's hover text: the reason when closed, else its cost and what it offers."""
        if self.reason:
            return self.reason
        entries = self.available
        if len(entries) == 1:
            cost = f" ({entries[0].cost})" if entries[0].cost else ""
            return entries[0].label + cost
        cost = f", {self.hint}" if self.hint else ""
        n = len(entries)
        return (
            ngettext("{action}: {n} choice", "{action}: {n} choices", n).format(
                action=tr(self.group),
                n=n,  # the rules keep their headings English
            )
            + cost
        )


def cost_range(costs: list[str]) -> str:
    """``["1 Action Die", "3 Action Dice"]`` -> ``1-3 dice``; ``["2 Loot", "3 Loot"]`` ->
    ``2-3 Loot``; a cost in other words stays as it is."""
    nums: list[int] = []
    units = set()
    for cost in costs:
        head, _sep, unit = cost.partition(" ")
        if not head.isdigit():
            return costs[0]
        nums.append(int(head))
        units.add("Loot" if unit in ("Loot", _("Loot")) else "dice")  # the rules' cost words
    if len(units) != 1:
        return costs[0]
    unit = units.pop()
    lo, hi = min(nums), max(nums)
    if unit == "Loot":
        return _("{n} Loot").format(n=lo) if lo == hi else _("{lo}-{hi} Loot").format(lo=lo, hi=hi)
    if lo == hi:
        return ngettext("{n} die", "{n} dice", lo).format(n=lo)
    return _("{lo}-{hi} dice").format(lo=lo, hi=hi)


def slots(menu: list[MenuEntry]) -> list[Slot]:
    """The menu's entries by heading, in the menu's order."""
    out: dict[str, Slot] = {}
    for entry in menu:
        out.setdefault(entry.group, Slot(entry.group)).entries.append(entry)
    return list(out.values())


@dataclass
class BarItem:
    """One button of the bar: label, second line, what a click does (None: greyed), whether
    it is the primary one, and its hover text."""

    label: str
    hint: str
    cb: Callable[[], None] | None
    primary: bool = False
    tip: str = ""
