"""The Quodd view's action bar and tooltips: the rules' action menu as buttons (greyed entries
keep their place and say why on hover), and the one tooltip for card, upgrade and token text.

Nothing here decides a rule: entries come from ``Ruleset.action_menu``; a board square, a
hand card or a lineup card picks the actions that are shown there instead of a button.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from riotsim.core.contract import Action, MenuEntry
from riotsim.games.quodd import catalog
from riotsim.i18n import N_, _, pgettext
from riotsim.ui.views.words import tr
from riotsim.ui.widgets.tooltip import draw_tooltip

__all__ = ["card_text"]
CARD_TYPES = {"item": N_("Item"), "pet": N_("Pet"), "food": N_("Food"), "rune": N_("Rune")}
CARD_TYPES["tool"] = N_("Tool")  # the fifth card type (issue 17 L2: it was shown in English)


def card_type(kind: str) -> str:
    """A card type ("item") as its cards print it, in the language spoken."""
    return tr(CARD_TYPES[kind]) if kind in CARD_TYPES else kind


def card_text(card: str) -> tuple[str, str]:
    """(title, text) of a card for a tooltip: its name, type and what it does (as
    ``riotsim.games.quodd.menu.card_text``, in the language spoken)."""
    spec = catalog.cards().get(card)
    if spec is None:
        return (card, "")
    kind = str(spec.type)
    kind = tr(CARD_TYPES[kind]) if kind in CARD_TYPES else kind.capitalize()
    if spec.impulse:
        kind = _("{kind} (Impulse)").format(kind=kind)
    return (tr(spec.name), f"{kind}. {tr(spec.text)}")


BOARD_KINDS = ("jump", "warp", "choose")  # picked on the board when they name a square
STEP_KINDS = ("tumble", "step", "roll")


@dataclass(frozen=True, slots=True)
class BarItem:
    """A button of the bar: a legal action, or a greyed entry with the rules' reason."""

    label: str
    action: Action | None
    reason: str = ""
    group: str = ""
    tip: tuple[str, str] = ("", "")  # (title, text) of the card an entry is about


def bar_items(view: Any, menu: list[MenuEntry]) -> list[BarItem]:
    """The menu as the bar shows it: squares, hand cards and lineup cards are picked where
    they are drawn; the choices on a selected square come first."""
    out: list[BarItem] = []
    if view.selected is not None:
        for a in view.cell_actions.get(view.selected, []):
            out.append(BarItem(view.label(a), a))
    held = _held_labels(view.state)
    for e in menu:
        a = e.action
        if a is None:
            if e.label not in held:  # greyed hand and treasure cards show where they are drawn
                out.append(BarItem(e.label, None, e.reason, e.group))
            continue
        if a.kind in ("play", "draw") and a.get("replace") is None:
            continue  # from the hand and the lineup
        if a.kind in BOARD_KINDS and view.action_cell(a) is not None:
            continue
        if view.selected is not None and a in view.cell_actions.get(view.selected, []):
            continue
        out.append(BarItem(_label(view, e.label, a), a, "", e.group, _tip(a)))
    return out


def _held_labels(state: Any) -> set[str]:
    """The menu's labels for playing the held cards (in the language spoken)."""
    from riotsim.games.quodd import menu, treasure

    if state.phase == "over" or not state.heroes:
        return set()
    hero = state.current
    return {menu.play_label(c) for c in hero.hand} | {treasure.describe(c) for c in hero.loot}


def _label(view: Any, label: str, a: Action) -> str:
    """A skill-tile swap names the skills it moves: 'Swap Dash (feet) with Slide (front)'."""
    state = view.state
    swap = a.get("swap") if a.kind == "choose" else None
    if not isinstance(swap, str) or "/" not in swap or not state.pending:
        return label
    from riotsim.ui.views.quodd_art import SKILL_NAMES, face_skill

    skills = state.heroes[state.pending[-1].seat].skills
    faces = swap.split("/")
    names = [tr(SKILL_NAMES.get(face_skill(f, skills), f)) for f in faces]
    named = [f"{n} ({(face_label(f) or f).lower()})" for n, f in zip(names, faces, strict=True)]
    text = _("Swap {skill} with {other}").format(skill=named[0], other=" / ".join(named[1:]))
    if len(text) > SWAP_LABEL_ROOM:  # too long for its button (Italian): the skills alone
        text = _("Swap {skill} with {other}").format(skill=names[0], other=" / ".join(names[1:]))
    return text


SWAP_LABEL_ROOM = 48  # characters a bar button shows at 1024x640


def _tip(a: Action) -> tuple[str, str]:
    for key in ("card", "discard"):
        if a.get(key) is not None:
            return card_text(str(a[key]))
    if a.kind == "upgrade":
        return upgrade_text(str(a["tile"]), str(a["side"]))
    return ("", "")


def upgrade_text(tile: str, side: str) -> tuple[str, str]:
    """(title, text) of an upgrade tile's side: its label and what each icon on it does."""
    for hero_id, spec in catalog.heroes().items():
        if any(t.id == tile for t in spec.upgrades):
            chosen = catalog.upgrade_tile(hero_id, tile).side(side)
            return (
                _("Upgrade: {tile}").format(tile=tr(chosen.label)),
                icons_text({str(k): n for k, n in chosen.icons.items()}),
            )
    return (tile, "")


FACES = ("feet", "front", "back", "left", "right")


def face_label(face: str) -> str:
    """A cube face as the player board names it ("Back": a face, not the button), in the
    language spoken; "" for any other."""
    names = {
        "feet": pgettext("face", "Feet"),
        "front": pgettext("face", "Front"),
        "back": pgettext("face", "Back"),
        "left": pgettext("face", "Left"),
        "right": pgettext("face", "Right"),
    }
    return names.get(face, "")


def face_slot_lines(hero: Any) -> list[tuple[str, str]]:
    """Player Board B-Side: (face, line) for the six face slots: the face, its skill and the
    tile slotted beside it (or "-")."""
    out = []
    for face in (*FACES, "q"):
        name = face_label(face) or "Q"
        skill = hero.skills.get(face, "Q-Powers")
        slotted = hero.slots.get(face)
        label = "-"
        if slotted is not None:
            label = tr(catalog.upgrade_tile(hero.hero, slotted[0]).side(slotted[1]).label)
        out.append((face, f"{name} ({skill}): {label}"))
    return out


def icons_text(icons: Mapping[str, int]) -> str:
    parts = []
    for icon, n in icons.items():
        text = tr(ICON_TEXT.get(icon, icon.replace("_", " ")))
        parts.append(f"{text} (x{n})" if n > 1 else text)
    return "; ".join(parts) + "."


# what each upgrade icon does, in a line (the reference's "Upgrade icons" in full)
ICON_TEXT = {
    "movement": N_("+1 movement for the skill beside it"),
    "explore": N_("explore one more card each Recovery"),
    "item_slot": N_("one more Item slot"),
    "pet_slot": N_("one more Pet slot"),
    "rune_range": N_("+2 range for runes"),
    "crush": N_("walk through walls, breaking them"),
    "ghost": N_("walls do not stop you"),
    "greed_speed": N_("+1 movement per crystal carried or delivered"),
    "mind_push": N_("discard a card: slide another hero 1 square"),
    "wall_builder": N_("you may leave a wall on each square you leave"),
    "trench_digger": N_("you may leave a pit on each square you leave"),
    "flow": N_("currents and whirlpools leave you alone"),
    "teleport_plus2": N_("teleport 2 squares further"),
    "teleport_mastery": N_("keep moving after a teleport"),
    "teleport_skill": N_("teleport instead of moving with a skill"),
    "tunnel_mastery": N_("keep moving after a tunnel"),
    "upgrade_skill": N_("turn a skill tile gold"),
    "good_fortune": N_("after stealing, you may explore a card"),
    "timely_trades": N_("once a turn: discard a card to explore one"),
    "hunger_boost": N_("+1 movement per Food card in hand"),
    "change_directions": N_("turn freely while using any skill"),
    "flame_grip": N_("a thief must discard a card to rob you"),
    "jump_shockwave": N_("an explosion where your jump lands"),
    "underdog": N_("tokens may go under you and act at once"),
    "spring_jump": N_("a spring appears where your jump ends"),
    "tumble_spring": N_("a spring appears where your tumble skill ends"),
    "q_upgrade": N_("Q-Power: place another upgrade"),
    "q_bomb": N_("Q-Power: fire a standard bomb from your square"),
    "push_bomb": N_("after your move pushes a hero, you may explode around you"),
    "good_aim": N_("once a turn, discard a card: break a wall or remove a token (range 5)"),
    "twister": N_("once a turn, discard a card: spin every other hero"),
    "swap_skills": N_("once a turn: swap two skills on another player's board"),
    "random_wind": N_("once a turn: roll the direction die, every hero slides 1"),
    "strong_wind": N_("once a turn: every hero slides 2 your way"),
    "wipe_lineup": N_("once a turn: wipe the exploration lineup"),
    "explore_deck": N_("once a turn: explore the top card of the deck"),
    "crystal_bomb": N_("once a turn: destroy a carried crystal to blast walls and tokens nearby"),
}


SKILL_TEXT = {
    "tumble": N_("tumble in a straight line; the face on top at the end activates next"),
    "jump": N_("jump over squares in a straight line, walls too; may land on a wall"),
    "slide": N_("slide in a straight line north, east, south or west"),
    "diagonal": N_("slide in a straight line diagonally"),
    "dash": N_("one square at a time in any of the eight directions, turning freely"),
    "q": N_("your hero's Q-Power and rearranging your skill tiles"),
}


def skill_text(face: str, skill: str, hero: Any) -> tuple[str, str]:
    """(title, text) of a face of the cube net: the skill on it and what it does."""
    from riotsim.ui.views.quodd_art import SKILL_NAMES

    name = tr(SKILL_NAMES.get(skill, skill))
    gold = _(" Gold: moves 1 further and explores a card after.") if skill in hero.upgraded else ""
    top = _(" On top now.") if hero.cube.top == face else ""
    text = tr(SKILL_TEXT.get(skill, ""))
    text = text[:1].upper() + text[1:]
    where = face_label(face) or face.capitalize()
    title = _("{face} face: {skill}").format(face=where, skill=name)
    return (title, text + "." + gold + top)


def draw_bar_tip(view: Any, surface: pygame.Surface) -> bool:
    """The hovered bar button's tooltip: a greyed entry's reason, or its card's text."""
    pos = view.hover_pos
    for button, item in zip(view.buttons.buttons, view.bar, strict=False):
        if not button.rect.collidepoint(pos):
            continue
        if item.action is None:
            draw_tooltip(surface, view.theme, button.rect, item.reason, title=item.label)
            return True
        title, text = item.tip
        if title:
            draw_tooltip(surface, view.theme, button.rect, text, title=title)
            return True
    return False


def draw_card_tip(view: Any, surface: pygame.Surface) -> bool:
    """A hand, lineup, item or upgrade row under the pointer: its text (and why it cannot be
    played now, from the menu)."""
    pos = view.hover_pos
    for rect, title, text in view.tip_targets:
        if rect.collidepoint(pos):
            draw_tooltip(surface, view.theme, rect, text, title=title)
            return True
    return False
