"""Cards and panels of the Riot Quest screen: hero stat cards, Riot Gear, Bounties, the Chest,
player panels and the game log lines.

Only drawing lives here; what is legal and what happened comes from the rules (state, legal
actions, events). Text on cards is the content's own wording from ``data/riotquest``.
"""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.profile import profile
from riotsim.i18n import N_, _, language, ngettext
from riotsim.ui import draw as D
from riotsim.ui import theme as T
from riotsim.ui.views import riotquest_art as A
from riotsim.ui.views.words import tr

CARD = (38, 45, 62)
CARD_EDGE = (78, 90, 118)
CARD_DIM = (30, 35, 48)
BOOST = (86, 180, 233)
POWER = (213, 94, 0)
ACTION = (236, 236, 230)


# words of the rules the cards print (classes, abilities, kinds of special), by id
TERMS = {
    "guard": N_("Guard"),
    "fighter": N_("Fighter"),
    "gunner": N_("Gunner"),
    "scout": N_("Scout"),
    "rogue": N_("Rogue"),
    "specialist": N_("Specialist"),
    "scavenger": N_("Scavenger"),
    "riposte": N_("Riposte"),
    "shadowed": N_("Shadowed"),
    "press": N_("Press"),
    "charge": N_("Charge"),
    "aim": N_("Aim"),
    "unstoppable": N_("Unstoppable"),
    "vengeful": N_("Vengeful"),
    "sneak": N_("Sneak"),
    "tinker": N_("Tinker"),
    "brutal": N_("Brutal"),
    "spotter": N_("Spotter"),
    "nimble": N_("Nimble"),
    "safeguard": N_("Safeguard"),
    "beatback": N_("Beatback"),
    "leap": N_("Leap"),
    "patch": N_("Patch"),
    "dash": N_("Dash"),
    "blink": N_("Blink"),
    "medkit": N_("Medkit"),
    "shove": N_("Shove"),
    "displace": N_("Displace"),
    "grudge": N_("Grudge"),  # the gear abilities (on a hero card once equipped)
    "rigger": N_("Rigger"),
    "siphon": N_("Siphon"),
    "thorns": N_("Thorns"),
}
# "Guards raid it for free": a class in the plural
CLASS_PLURALS = {
    "guard": N_("Guards"),
    "fighter": N_("Fighters"),
    "gunner": N_("Gunners"),
    "scout": N_("Scouts"),
    "rogue": N_("Rogues"),
    "specialist": N_("Specialists"),
}


def term(word: str) -> str:
    """A rules word printed on a card (a class, an ability) in the language spoken."""
    found = TERMS.get(word)
    return tr(found) if found is not None else word.title()


def terms(words: Any) -> str:
    return ", ".join(sorted(term(w) for w in words))


def short_name(hero_id: str) -> str:
    """A hero's name without its title (a proper name, kept), else its translated name."""
    h = content().heroes.get(hero_id)
    if h is None:
        return hero_id
    name = h.name.split(",")[0]
    short = name.replace("Sir ", "").replace(" the Storm Knight", "").replace("Balthazar ", "")
    return short if short != h.name else tr(h.name)


def hero_class(hero_id: str) -> str:
    h = content().heroes.get(hero_id)
    return h.class_.value if h is not None else ""


def card_frame(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: T.Theme,
    accent=None,
    selected: bool = False,
    dim: bool = False,
) -> None:
    fill = CARD_DIM if dim else CARD
    edge = T.ACCENT if selected else CARD_EDGE
    D.rounded_rect(surface, rect, fill, theme.px(8), edge, theme.px(2) if selected else 1)
    if accent is not None:
        band = pygame.Rect(rect.left + 1, rect.top + 1, rect.w - 2, theme.px(4))
        D.rounded_rect(surface, band, accent, theme.px(2))


def dice_chips(
    surface: pygame.Surface, x: int, cy: int, theme: T.Theme, boost: int, power: int
) -> int:
    """Small blue (Boost) and red (Power) squares; returns the x after them."""
    s = theme.px(9)
    gap = theme.px(2)
    for colour, n in ((BOOST, boost), (POWER, power)):
        for _i in range(n):
            r = pygame.Rect(x, cy - s // 2, s, s)
            D.rounded_rect(surface, r, colour, max(1, theme.px(2)))
            x += s + gap
        if n:
            x += theme.px(3)
    return x


# ---------------------------------------------------------------------------------------------
# Text that must stay inside a card: shrink first, then wrap, then cut with an ellipsis (the
# side panel shows the whole text in a tooltip when the pointer rests on the card).

TEXT_SIZES = (12, 11, 10, 9)
STAT_GAP = 8  # between SPD, DEF and STA on a hero card
GEAR_CHIP_SIZES = (12, 11, 10)  # a Riot Gear chip's name, a size smaller where it is long
TITLE_SIZES = (13, 12, 11, 10)


def _ellipsis_line(line: str, font: pygame.font.Font, width: int) -> str:
    """``line`` with whole words dropped until ``line...`` fits ``width``."""
    words = line.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + "...")[0] > width:
        words.pop()
    return D.fit(" ".join(words) + "...", font, width)


def fit_lines(
    text: str,
    theme: T.Theme,
    width: int,
    height: int,
    sizes: tuple[float, ...] = TEXT_SIZES,
    weight: str = "Regular",
    line_gap: float = 1.25,
) -> tuple[pygame.font.Font, list[str], bool]:
    """The largest font of ``sizes`` at which ``text`` wraps inside ``width`` x ``height``
    without splitting a word; else the smallest, its lines cut to the box with the last one
    ending in an ellipsis. Returns (font, lines, cut)."""
    font = theme.fonts.get(sizes[0], weight)
    lines: list[str] = [text]
    width = max(1, width)
    for size in sizes:
        font = theme.fonts.get(size, weight)
        words_fit = all(font.size(w)[0] <= width for w in text.split())
        lines = D.wrap(text, font, width)
        step = D.line_step(font, line_gap)
        if words_fit and (len(lines) - 1) * step + font.get_height() <= height:
            return font, lines, False
    step = D.line_step(font, line_gap)
    room = max(1, (height - font.get_height()) // step + 1) if height >= font.get_height() else 0
    if room == 0:
        return font, [], bool(text)
    if len(lines) <= room and all(font.size(w)[0] <= width for w in text.split()):
        return font, lines, False
    # re-wrap word by word so that no word is split, and keep what fits
    kept: list[str] = []
    line = ""
    for word in text.split():
        trial = word if not line else f"{line} {word}"
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            kept.append(line)
            line = word
    kept.append(line)
    cut = len(kept) > room or any(font.size(x)[0] > width for x in kept)
    kept = kept[:room]
    if cut:
        kept[-1] = _ellipsis_line(kept[-1], font, width)
    return font, kept, cut


def draw_fitted(
    surface: pygame.Surface,
    text: str,
    theme: T.Theme,
    colour,
    rect: pygame.Rect,
    sizes: tuple[float, ...] = TEXT_SIZES,
    weight: str = "Regular",
    line_gap: float = 1.25,
) -> tuple[int, bool]:
    """Draw ``text`` fitted into ``rect`` (see :func:`fit_lines`); returns (height used, cut)."""
    font, lines, cut = fit_lines(text, theme, rect.w, rect.h, sizes, weight, line_gap)
    step = D.line_step(font, line_gap)
    y = rect.top
    for line in lines:
        surface.blit(D.render_text(font, line, colour), (rect.left, y))
        y += step
    used = (len(lines) - 1) * step + font.get_height() if lines else 0
    return used, cut


def special_text(prof: Any) -> str:
    """Specials and abilities in short: ``Special: Patch Up, range 3. Abilities: Brutal.``"""
    extras = [
        _("{name}, range {n}").format(name=tr(sp.name), n=sp.range) if sp.range else tr(sp.name)
        for sp in prof.specials
    ]
    text = ""
    if extras:
        text += _("Special: {specials}.").format(specials="; ".join(extras)) + " "
    if prof.abilities:
        text += _("Abilities: {abilities}.").format(abilities=terms(prof.abilities))
    return text.strip()


def hero_header(
    theme: T.Theme, name_w: int, hero_id: str, note: str = ""
) -> tuple[pygame.font.Font, list[str], list[str]]:
    """A hero card's heading beside its class icon: the name's font and lines (shrunk, then
    shortened to the proper name, then on two lines where the text is large), and the class
    line(s) with ``note`` (on a line of its own where both do not fit)."""
    name = tr(content().heroes[hero_id].name).split(",")[0]
    name_font = theme.fonts.get(15, "Bold")
    for candidate in (name, short_name(hero_id)):  # shrink a long name, then shorten it
        for size in (15, 14, 13, 12):
            name_font = theme.fonts.get(size, "Bold")
            if D.text_size(name_font, candidate)[0] <= name_w:
                break
        name = candidate
        if D.text_size(name_font, candidate)[0] <= name_w:
            break
    names = [name]
    if D.text_size(name_font, name)[0] > name_w:  # still too wide: on two lines
        names = D.wrap(name, name_font, name_w)[:2]
    small = theme.fonts.get(12)
    cls = term(hero_class(hero_id))
    lines = [cls + (f"  {note}" if note else "")]
    if note and D.text_size(small, lines[0])[0] > name_w:  # the note on its own line, never cut
        lines = [cls, note]
    return name_font, names, lines


def header_height(
    theme: T.Theme, name_font: pygame.font.Font, names: list[str], lines: list[str]
) -> int:
    """How far below the card's top padding the stats row starts: under the class icon, or
    under the heading's text where the text size makes it taller than the icon."""
    small = theme.fonts.get(12)
    icon = theme.px(26) + theme.px(6) + (small.get_height() - theme.px(4)) * (len(lines) - 1)
    text = (
        len(names) * (name_font.get_height() - theme.px(3))
        + (len(lines) - 1) * (small.get_height() - theme.px(2))
        + small.get_height()
        + theme.px(3)
    )
    return max(icon, text)


def stat_rows(theme: T.Theme, prof: Any, width: int) -> list[list[tuple[str, str]]]:
    """SPD, DEF and STA on one row, or as many rows as ``width`` needs."""
    small = theme.fonts.get(12)
    bold = theme.fonts.get(13, "Bold")
    stats = [("SPD", str(prof.spd)), ("DEF", f"{prof.def1}/{prof.def2}"), ("STA", str(prof.sta))]
    rows: list[list[tuple[str, str]]] = [[]]
    used = 0
    for label, value in stats:
        w = D.text_size(small, label)[0] + theme.px(3) + D.text_size(bold, value)[0]
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append((label, value))
        used += w + theme.px(STAT_GAP)
    return rows


def hero_card_min_width(theme: T.Theme, hero_id: str) -> int:
    """The narrowest hero card that shows ``hero_id``'s heading, stats and weapon names whole
    on their lines (a larger text size needs wider cards)."""
    prof = profile(hero_id, None)
    pad = theme.px(8)
    small = theme.fonts.get(12)
    bold = theme.fonts.get(13, "Bold")
    name = theme.fonts.get(12, "Bold")
    widths = [
        sum(D.text_size(small, s)[0] for s in ("SPD", "DEF", "STA"))
        + sum(D.text_size(bold, v)[0] for v in (str(prof.spd), f"{prof.def1}/{prof.def2}"))
        + D.text_size(bold, str(prof.sta))[0]
        + theme.px(3) * 3
        + theme.px(STAT_GAP) * 2,
        theme.px(26) + pad // 2 + D.text_size(name, short_name(hero_id))[0],
        theme.px(26) + pad // 2 + D.text_size(small, term(hero_class(hero_id)))[0],
    ]
    widths += [D.text_size(name, tr(w.name))[0] for w in prof.weapons]
    return max(widths) + 2 * pad


def hero_card_height(
    theme: T.Theme, width: int, hero_id: str, gear_id: str | None, note: str = ""
) -> int:
    """The height :func:`hero_card` needs at ``width`` to show everything at full size (with
    ``note`` after its class)."""
    prof = profile(hero_id, gear_id)
    pad = theme.px(8)
    inner_w = width - 2 * pad
    small = theme.fonts.get(12)
    name_font, names, lines = hero_header(theme, inner_w - theme.px(26) - pad // 2, hero_id, note)
    rows = stat_rows(theme, prof, inner_w)
    h = theme.px(8) + header_height(theme, name_font, names, lines)
    h += (len(rows) - 1) * (small.get_height() + theme.px(1))
    h += small.get_height() + theme.px(5)
    for w in prof.weapons:
        h += small.get_height() + theme.px(2)
        if w.abilities or weapon_layout(theme, w, inner_w)[1]:
            h += small.get_height() + theme.px(1)
    texts = [special_text(prof)]
    if gear_id is not None:
        g = content().gear[gear_id]
        texts.insert(0, f"{tr(g.name)}: {tr(g.text)}")
    for text in texts:
        if text:
            h += theme.px(1) + D.block_height(text, small, inner_w, 1.15) + theme.px(2)
    return h + pad


def bounty_title(
    theme: T.Theme, width: int, card_id: str
) -> tuple[pygame.font.Font, list[str], bool]:
    """A Bounty card's title at ``width``: (font, lines, whether it goes under the token and
    VP badges). Beside them if it fits uncut; a word too long for that gets the whole width."""
    b = content().bounties[card_id]
    pad = theme.px(7)
    badge = theme.px(20)
    token = badge + theme.px(4) if b.token else 0
    beside = width - 2 * pad - badge - theme.px(4) - token
    title_h = max(badge, round(theme.fonts.get(11, "Bold").get_linesize() * 2.1))
    name = tr(b.name)
    font, lines, cut = fit_lines(name, theme, beside, title_h, TITLE_SIZES, "Bold", 1.0)
    for weight in ("Bold", "Medium") if cut else ():
        wide = fit_lines(name, theme, width - 2 * pad, title_h, TITLE_SIZES, weight, 1.0)
        if not wide[2]:
            return wide[0], wide[1], True
    return font, lines, False


def bounty_card_height(theme: T.Theme, width: int, card_id: str) -> int:
    """The height :func:`bounty_card` needs at ``width`` with its text at full size."""
    b = content().bounties[card_id]
    pad = theme.px(7)
    text = bounty_body(b)
    title = round(theme.fonts.get(11, "Bold").get_linesize() * 2.1)
    font, lines, below = bounty_title(theme, width, card_id)
    if below:
        title = theme.px(20) + theme.px(2) + len(lines) * D.line_step(font, 1.0)
    top = pad + max(theme.px(20), title) + theme.px(3)
    return top + D.block_height(text, theme.fonts.get(11), width - 2 * pad) + pad


def chest_card_height(theme: T.Theme, width: int, chest_id: str | None) -> int:
    if chest_id is None:
        return 0
    pad = theme.px(7)
    small = theme.fonts.get(11)
    text_w = width - 2 * pad - theme.px(14) - theme.px(4)
    chest = content().chests[chest_id]
    name_font = theme.fonts.get(TITLE_SIZES[-1], "Bold")
    name_lines = len(D.wrap(tr(chest.name), name_font, width - 3 * pad - theme.px(22))[:2])
    raid = _("{classes} raid free").format(classes=tr(CLASS_PLURALS[chest.class_.value]))
    raid_lines = len(D.wrap(raid, small, width - 2 * pad)[:2])
    top = max(theme.px(22), name_lines * D.line_step(name_font, 1.0))
    h = pad + top + theme.px(2) + raid_lines * small.get_height() + theme.px(3)
    for row in chest.rows:
        h += D.block_height(treasure_row_text(row), small, text_w, 1.15) + theme.px(2)
    return h + pad


def hero_card_text(hero_id: str, gear_id: str | None = None) -> str:
    """Everything a hero card says, in full (the card's tooltip)."""
    c = content()
    model = c.heroes[hero_id]
    prof = profile(hero_id, gear_id)
    lines = [
        f"{tr(model.name)} ({term(model.class_.value)})",
        f"SPD {prof.spd}  DEF {prof.def1}/{prof.def2}  STA {prof.sta}",
    ]
    if gear_id is not None:
        g = c.gear[gear_id]
        lines.append(f"{tr(g.name)}: {tr(g.text)}")
    for w in prof.weapons:
        kind = _("Melee") if w.kind == "melee" else _("Ranged")
        extra = f", {terms(w.abilities)}" if w.abilities else ""
        lines.append(
            _("{weapon}: {kind}, range {rng}, {boost} Boost, {power} Power").format(
                weapon=tr(w.name), kind=kind, rng=w.rng, boost=w.boost, power=w.power
            )
            + extra
        )
    for sp in prof.specials:
        kind = term(sp.kind)
        what = _("{kind}, range {n}").format(kind=kind, n=sp.range) if sp.range else kind
        lines.append(_("Special: {name} ({what})").format(name=tr(sp.name), what=what))
    if prof.abilities:
        lines.append(_("Abilities: {abilities}").format(abilities=terms(prof.abilities)))
    if model.text:
        lines.append(tr(model.text))
    return "\n".join(lines)


def gear_card_text(gear_id: str) -> str:
    """A Riot Gear card in full: name, Loot cost and what it does (the card's tooltip)."""
    g = content().gear[gear_id]
    return _("{name} ({n} Loot)").format(name=tr(g.name), n=g.cost) + "\n" + tr(g.text)


def bounty_card_text(card_id: str) -> str:
    b = content().bounties[card_id]
    text = _("{name} ({n} VP)").format(name=tr(b.name), n=b.value) + "\n" + tr(b.text)
    if b.rig_bonus:
        text += "\n" + rig_bonus_text(b)
    return text


def rig_bonus_text(b: Any) -> str:
    return _("Rig bonus: {classes}.").format(classes=", ".join(term(c.value) for c in b.rig_bonus))


def bounty_body(b: Any) -> str:
    """A Bounty card's text and its Rig bonus, in the language spoken."""
    text = tr(b.text)
    return f"{text} {rig_bonus_text(b)}" if b.rig_bonus else text


def chest_card_text(chest_id: str | None) -> str:
    if chest_id is None:
        return _("No Chest in the arena.")
    chest = content().chests[chest_id]
    rows = [
        ngettext("{n} strike: {row}", "{n} strikes: {row}", i).format(
            n=i, row=treasure_row_text(row)
        )
        for i, row in enumerate(chest.rows)
    ]
    cls = tr(CLASS_PLURALS[chest.class_.value])
    head = _("{classes} raid it for free.").format(classes=cls)
    return f"{tr(chest.name)}\n{head}\n" + "\n".join(rows)


def hero_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: T.Theme,
    hero_id: str,
    gear_id: str | None = None,
    damage: int = 0,
    dice: int = 0,
    colour=None,
    shape: str = "circle",
    selected: bool = False,
    dim: bool = False,
    note: str = "",
) -> None:
    """A hero's stat card: class, name, SPD/DEF/STA, weapons with dice, special, gear."""
    c = content()
    model = c.heroes[hero_id]
    prof = profile(hero_id, gear_id)
    cls = model.class_.value
    card_frame(surface, rect, theme, A.CLASS_COLOURS.get(cls), selected, dim)
    pad = theme.px(8)
    x, y = rect.left + pad, rect.top + theme.px(8)
    icon_size = theme.px(26)
    if colour is not None:
        token = A.hero_token(shape, tuple(colour), cls, icon_size)
        surface.blit(token, (x, y))
    else:
        D.aa_circle(
            surface,
            A.CLASS_COLOURS.get(cls, T.LINE),
            (x + icon_size / 2, y + icon_size / 2),
            icon_size / 2,
        )
        surface.blit(
            A.class_icon(cls, round(icon_size * 0.7)), (x + icon_size * 0.15, y + icon_size * 0.15)
        )
    inner_w = rect.w - 2 * pad
    name_w = inner_w - icon_size - pad // 2
    name_font, names, lines = hero_header(theme, name_w, hero_id, note)
    small = theme.fonts.get(12)
    tx = x + icon_size + pad // 2
    step = name_font.get_height() - theme.px(3)
    for i, name in enumerate(names):
        D.text(surface, name, name_font, T.TEXT, (tx, y - theme.px(1) + i * step), max_width=name_w)
    ly = y + len(names) * step
    for line in lines:
        D.text(surface, line, small, T.TEXT_DIM, (tx, ly), max_width=name_w)
        ly += small.get_height() - theme.px(2)
    y += header_height(theme, name_font, names, lines)
    # stats row (on two rows where the text is too large for one)
    stat_font = theme.fonts.get(13, "Bold")
    rows = stat_rows(theme, prof, inner_w)
    for row in rows:
        sx = x
        for label, value in row:
            r = D.text(surface, label, small, T.TEXT_DIM, (sx, y))
            r = D.text(surface, value, stat_font, T.TEXT, (r.right + theme.px(3), y - theme.px(1)))
            sx = r.right + theme.px(STAT_GAP)
        if row is not rows[-1]:
            y += small.get_height() + theme.px(1)
    if damage or dice:
        A.damage_pips(
            surface,
            (rect.right - pad - theme.px(6) * prof.sta, y + small.get_height() // 2),
            damage,
            prof.sta,
            theme.px(6),
        )
    y += small.get_height() + theme.px(5)
    bottom = rect.bottom - pad
    # weapons
    for w in prof.weapons:
        if y + small.get_height() > bottom:
            break
        y = _weapon_row(surface, theme, w, x, y, rect.right - pad, bottom)
    # equipped Riot Gear, then specials and abilities: shrunk to the room left, else cut
    # with an ellipsis (the tooltip has the whole card)
    if gear_id is not None and y < bottom:
        g = c.gear[gear_id]
        area = pygame.Rect(x, y + theme.px(1), inner_w, bottom - y - theme.px(1))
        used, _cut = draw_fitted(
            surface, f"{tr(g.name)}: {tr(g.text)}", theme, (214, 196, 150), area, line_gap=1.15
        )
        y = area.top + used + theme.px(2)
    text = special_text(prof)
    if text and y < bottom:
        area = pygame.Rect(x, y + theme.px(1), inner_w, bottom - y - theme.px(1))
        draw_fitted(surface, text, theme, (200, 206, 220), area, line_gap=1.15)


def _chips_width(theme: T.Theme, w: Any) -> int:
    chip = theme.px(9) + theme.px(2)
    return chip * (w.boost + w.power) + (theme.px(3) if w.boost and w.power else 0)


def weapon_layout(theme: T.Theme, w: Any, width: int) -> tuple[pygame.font.Font, bool]:
    """The font of a weapon's name on a card ``width`` wide and whether its range goes to a
    second line (a long name keeps its whole width rather than being cut)."""
    small = theme.fonts.get(12)
    room = width - _chips_width(theme, w) - theme.px(6)
    label = small.size(f"RNG {w.rng}")[0] + theme.px(14)
    for size in (12, 11):
        font = theme.fonts.get(size, "Bold")
        if font.size(tr(w.name))[0] <= room - label:
            return font, False
    return theme.fonts.get(12, "Bold"), True


def _weapon_row(
    surface: pygame.Surface, theme: T.Theme, w: Any, x: int, y: int, right: int, bottom: int
) -> int:
    """A weapon on a hero card: name, range and dice chips, its abilities on a second line.
    A name too long to share its line with the chips keeps the range beside it and moves the
    chips down to the abilities' line (dropped where the card has no room: the tooltip has
    the whole card). Returns the y below it."""
    small = theme.fonts.get(12)
    font, split = weapon_layout(theme, w, right - x)
    glyph = _("Melee") if w.kind == "melee" else _("Ranged")
    abilities = terms(w.abilities)
    chips_x = right if split else right - _chips_width(theme, w)
    name_room = chips_x - x - small.size(f"RNG {w.rng}")[0] - theme.px(14)
    # a name longer still (Italian runs longer) has the whole line; its range goes below
    alone = split and font.size(tr(w.name))[0] > name_room
    r = D.text(
        surface, tr(w.name), font, T.TEXT, (x, y), max_width=right - x if alone else name_room
    )
    room = chips_x - theme.px(6) - (r.right + theme.px(6))
    label = f"{glyph} RNG {w.rng}"
    if small.size(label)[0] > room:
        label = f"RNG {w.rng}"
    if not alone:
        D.text(surface, label, small, T.TEXT_DIM, (r.right + theme.px(6), y), max_width=room)
    if not split:
        dice_chips(surface, chips_x, y + small.get_height() // 2, theme, w.boost, w.power)
    y += small.get_height() + theme.px(2)
    if not (abilities or split) or y + small.get_height() > bottom:
        return y
    ax = x + theme.px(10)
    if split:
        dice_chips(surface, ax, y + small.get_height() // 2, theme, w.boost, w.power)
        ax += _chips_width(theme, w) + theme.px(6)
    if alone:
        ax = D.text(surface, f"RNG {w.rng}", small, T.TEXT_DIM, (ax, y)).right + theme.px(6)
    if abilities:
        D.text(surface, abilities, small, (180, 200, 230), (ax, y), max_width=right - ax)
    return y + small.get_height() + theme.px(1)


def gear_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: T.Theme,
    gear_id: str,
    selected: bool = False,
    dim: bool = False,
    cost: int | None = None,
) -> None:
    g = content().gear[gear_id]
    card_frame(surface, rect, theme, A.LOOT_GOLD, selected, dim)
    pad = theme.px(7)
    coin = theme.px(18)
    surface.blit(A.loot_token(coin), (rect.right - pad - coin, rect.top + pad))
    D.text(
        surface,
        str(g.cost if cost is None else cost),
        theme.fonts.get(11, "Bold"),
        A.DARK,
        (rect.right - pad - coin // 2, rect.top + pad + coin // 2),
        "center",
    )
    # the name on one line: a size smaller where a narrow card has no room for it; where
    # even that is too wide (a large text size, Italian) on two lines if the card is tall
    # enough, else smaller still
    name, room = tr(g.name), rect.w - 3 * pad - coin
    fonts = [theme.fonts.get(size, "Bold") for size in (13, 12, 11)]
    font = next((f for f in fonts if D.text_size(f, name)[0] <= room), fonts[-1])
    lines = [name]
    if D.text_size(font, name)[0] > room:
        two = D.wrap(name, font, room)
        if len(two) == 2 and pad + 2 * font.get_height() <= rect.h - theme.px(4):
            lines = two
        else:
            smaller = [theme.fonts.get(size, "Bold") for size in (10, 9, 8)]
            font = next((f for f in smaller if D.text_size(f, name)[0] <= room), smaller[-1])
    y = rect.top + pad
    for line in lines:
        y = D.text(surface, line, font, T.TEXT, (rect.left + pad, y), max_width=room).bottom
    top = max(rect.top + pad + theme.px(20), y + theme.px(2))
    body = pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)
    D.text_block(surface, tr(g.text), theme.fonts.get(11), (200, 206, 220), body)


def gear_chip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: T.Theme,
    gear_id: str,
    hot: bool = False,
    usable: bool = False,
) -> None:
    """A one-line Riot Gear card in a hand: name and Loot cost."""
    g = content().gear[gear_id]
    fill = (62, 56, 40) if usable else CARD
    D.rounded_rect(
        surface, rect, fill, theme.px(6), T.ACCENT if hot else CARD_EDGE, theme.px(2) if hot else 1
    )
    coin = rect.h - theme.px(8)
    surface.blit(A.loot_token(coin), (rect.left + theme.px(4), rect.top + theme.px(4)))
    D.text(
        surface,
        str(g.cost),
        theme.fonts.get(10, "Bold"),
        A.DARK,
        (rect.left + theme.px(4) + coin // 2, rect.centery),
        "center",
    )
    room = rect.w - coin - theme.px(12)
    name = tr(g.name)
    fonts = [theme.fonts.get(size, "Medium") for size in GEAR_CHIP_SIZES]
    font = next((f for f in fonts if D.text_size(f, name)[0] <= room), fonts[-1])
    D.text(
        surface, name, font, T.TEXT, (rect.left + coin + theme.px(8), rect.centery), "midleft", room
    )


def bounty_card(
    surface: pygame.Surface, rect: pygame.Rect, theme: T.Theme, card_id: str, selected: bool = False
) -> None:
    b = content().bounties[card_id]
    card_frame(surface, rect, theme, (204, 121, 167), selected)
    pad = theme.px(7)
    badge = theme.px(20)
    brect = pygame.Rect(rect.right - pad - badge, rect.top + pad, badge, badge)
    D.rounded_rect(surface, brect, (204, 121, 167), theme.px(5))
    D.text(surface, str(b.value), theme.fonts.get(12, "Bold"), A.DARK, brect.center, "center")
    x = rect.left + pad
    if b.token:
        tok = A.bounty_token(b.token, badge)
        surface.blit(tok, (x, rect.top + pad))
    font, lines, below = bounty_title(theme, rect.w, card_id)
    if below:  # a long word: the title gets the card's whole width under the badges
        lines_top = rect.top + pad + badge + theme.px(2)
    elif len(lines) == 1:  # one line: centred on the badge
        lines_top = rect.top + pad + (badge - font.get_height()) // 2
    else:
        lines_top = rect.top + pad - theme.px(1)
    if b.token and not below:
        x += badge + theme.px(4)
    ty = lines_top
    for line in lines:
        surface.blit(D.render_text(font, line, T.TEXT), (x, ty))
        ty += D.line_step(font, 1.0)
    top = max(rect.top + pad + badge, ty) + theme.px(3)
    text = bounty_body(b)
    body = pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)
    draw_fitted(surface, text, theme, (206, 210, 222), body, (11, 10, 9))


def treasure_row_text(row: Any) -> str:
    parts = []
    if row.loot:
        parts.append(_("{n} Loot").format(n=row.loot))
    if row.heal_all:
        parts.append(_("heal a hero fully"))
    elif row.heal:
        parts.append(_("heal {n}").format(n=row.heal))
    if row.refund:
        parts.append(ngettext("{n} die back", "{n} dice back", row.refund).format(n=row.refund))
    if row.recover:
        parts.append(_("recover {n} gear").format(n=row.recover))
    if row.release:
        parts.append(_("free {n} from Cooler").format(n=row.release))
    return ", ".join(parts) or _("nothing")


def chest_card(
    surface: pygame.Surface, rect: pygame.Rect, theme: T.Theme, chest_id: str | None
) -> None:
    pad = theme.px(7)
    if chest_id is None:
        card_frame(surface, rect, theme, None, dim=True)
        D.text(
            surface,
            _("No Chest"),
            theme.fonts.get(13, "Bold"),
            T.TEXT_DIM,
            (rect.left + pad, rect.top + pad),
        )
        return
    chest = content().chests[chest_id]
    cls = chest.class_.value
    card_frame(surface, rect, theme, A.CHEST_COLOURS.get(cls))
    icon = theme.px(22)
    surface.blit(A.chest_token(cls, icon), (rect.left + pad, rect.top + pad - theme.px(2)))
    name_w = rect.w - 3 * pad - icon
    name_font = theme.fonts.get(13, "Bold")
    for size in TITLE_SIZES:  # shrink a long name before cutting it
        name_font = theme.fonts.get(size, "Bold")
        if name_font.size(tr(chest.name))[0] <= name_w:
            break
    # a name or a line too long even in the smallest font takes two lines (never cut)
    ty = rect.top + pad
    for line in D.wrap(tr(chest.name), name_font, name_w)[:2]:
        D.text(surface, line, name_font, T.TEXT, (rect.left + pad + icon + theme.px(4), ty))
        ty += D.line_step(name_font, 1.0)
    small = theme.fonts.get(11)
    y = max(rect.top + pad + icon, ty) + theme.px(2)
    raid = _("{classes} raid free").format(classes=tr(CLASS_PLURALS[cls]))
    for line in D.wrap(raid, small, rect.w - 2 * pad)[:2]:
        D.text(surface, line, small, T.TEXT_DIM, (rect.left + pad, y))
        y += small.get_height()
    y += theme.px(3)
    chip_w = theme.px(14)
    text_w = rect.right - pad - (rect.left + pad + chip_w + theme.px(4))
    texts = [treasure_row_text(row) for row in chest.rows]
    room = rect.bottom - pad - y
    # the largest size at which all three rows fit; else each row gets a third of the room
    sizes: tuple[float, ...] = (11, 10, 9)
    share = None
    for row_size in sizes:
        font = theme.fonts.get(row_size)
        need = sum(D.block_height(t, font, text_w, 1.15) + theme.px(2) for t in texts)
        if need <= room:
            sizes = (row_size,)
            break
    else:
        share = (room - 3 * theme.px(2)) // 3
    for i, text in enumerate(texts):
        if y + small.get_height() > rect.bottom - pad:
            break
        chip = pygame.Rect(rect.left + pad, y, chip_w, small.get_height())
        D.rounded_rect(surface, chip, BOOST, theme.px(3))
        D.text(surface, str(i), theme.fonts.get(10, "Bold"), A.DARK, chip.center, "center")
        height = share if share is not None else rect.bottom - pad - y
        body = pygame.Rect(chip.right + theme.px(4), y, text_w, height)
        used, _cut = draw_fitted(
            surface, text, theme, (206, 210, 222), body, sizes[-1:], "Regular", 1.15
        )
        y += max(used, small.get_height()) + theme.px(2)


def well_dice(
    surface: pygame.Surface, x: int, cy: int, theme: T.Theme, well: int, total: int = 6
) -> int:
    """The Dice Well: white squares for dice in the well, hollow ones for spent dice."""
    s = theme.px(10)
    gap = theme.px(3)
    for i in range(total):
        r = pygame.Rect(x + i * (s + gap), cy - s // 2, s, s)
        if i < well:
            D.rounded_rect(surface, r, ACTION, theme.px(2))
        else:
            D.rounded_rect(surface, r, (0, 0, 0, 0), theme.px(2), (110, 118, 136), 1)
    return x + total * (s + gap)


_CARD_CACHE: dict[tuple, pygame.Surface] = {}


def cached(
    surface: pygame.Surface, paint, rect: pygame.Rect, theme: T.Theme, *args, **kwargs
) -> None:
    """Draw a card through a cache of finished pictures (cards are text-heavy and rarely
    change): ``paint(surface, rect, theme, *args, **kwargs)`` runs once per look and size."""
    key = (paint.__name__, rect.size, theme.look, language(), args, tuple(sorted(kwargs.items())))
    img = _CARD_CACHE.get(key)
    if img is None:
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        paint(img, pygame.Rect((0, 0), rect.size), theme, *args, **kwargs)
        if len(_CARD_CACHE) > 400:
            _CARD_CACHE.clear()
        _CARD_CACHE[key] = img
    surface.blit(img, rect.topleft)
