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
from riotsim.ui import draw as D
from riotsim.ui import theme as T
from riotsim.ui.views import riotquest_art as A

CARD = (38, 45, 62)
CARD_EDGE = (78, 90, 118)
CARD_DIM = (30, 35, 48)
BOOST = (86, 180, 233)
POWER = (213, 94, 0)
ACTION = (236, 236, 230)


def short_name(hero_id: str) -> str:
    h = content().heroes.get(hero_id)
    if h is None:
        return hero_id
    name = h.name.split(",")[0]
    return name.replace("Sir ", "").replace(" the Storm Knight", "").replace("Balthazar ", "")


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
        for _ in range(n):
            r = pygame.Rect(x, cy - s // 2, s, s)
            D.rounded_rect(surface, r, colour, max(1, theme.px(2)))
            x += s + gap
        if n:
            x += theme.px(3)
    return x


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
    name_font = theme.fonts.get(15, "Bold")
    D.text(
        surface,
        model.name.split(",")[0],
        name_font,
        T.TEXT,
        (x + icon_size + pad // 2, y - theme.px(1)),
        max_width=inner_w - icon_size,
    )
    small = theme.fonts.get(12)
    D.text(
        surface,
        cls.title() + (f"  {note}" if note else ""),
        small,
        T.TEXT_DIM,
        (x + icon_size + pad // 2, y + name_font.get_height() - theme.px(3)),
        max_width=inner_w - icon_size,
    )
    y += icon_size + theme.px(6)
    # stats row
    stat_font = theme.fonts.get(13, "Bold")
    stats = [("SPD", str(prof.spd)), ("DEF", f"{prof.def1}/{prof.def2}"), ("STA", str(prof.sta))]
    sx = x
    for label, value in stats:
        r = D.text(surface, label, small, T.TEXT_DIM, (sx, y))
        r = D.text(surface, value, stat_font, T.TEXT, (r.right + theme.px(3), y - theme.px(1)))
        sx = r.right + theme.px(10)
    if damage or dice:
        A.damage_pips(
            surface,
            (rect.right - pad - theme.px(6) * prof.sta, y + small.get_height() // 2),
            damage,
            prof.sta,
            theme.px(6),
        )
    y += small.get_height() + theme.px(5)
    if gear_id is not None:  # equipped Riot Gear first: it changes everything below
        g = c.gear[gear_id]
        r = D.text(
            surface,
            g.name,
            theme.fonts.get(12, "Bold"),
            A.LOOT_GOLD,
            (x, y),
            max_width=inner_w // 2,
        )
        D.text(
            surface,
            g.text,
            small,
            (214, 196, 150),
            (r.right + theme.px(6), y),
            max_width=rect.right - pad - r.right - theme.px(6),
        )
        y += small.get_height() + theme.px(4)
    # weapons
    for w in prof.weapons:
        if y + small.get_height() > rect.bottom - pad:
            break
        glyph = "Melee" if w.kind == "melee" else "Ranged"
        chip = theme.px(9) + theme.px(2)
        chips_w = chip * (w.boost + w.power) + (theme.px(3) if w.boost and w.power else 0)
        chips_x = rect.right - pad - chips_w
        r = D.text(
            surface, w.name, theme.fonts.get(12, "Bold"), T.TEXT, (x, y), max_width=inner_w // 2
        )
        room = chips_x - theme.px(6) - (r.right + theme.px(6))
        label = f"{glyph} RNG {w.rng}"
        if small.size(label)[0] > room:
            label = f"RNG {w.rng}"
        D.text(surface, label, small, T.TEXT_DIM, (r.right + theme.px(6), y), max_width=room)
        dice_chips(surface, chips_x, y + small.get_height() // 2, theme, w.boost, w.power)
        y += small.get_height() + theme.px(2)
        if w.abilities:
            D.text(
                surface,
                ", ".join(sorted(a.title() for a in w.abilities)),
                small,
                (180, 200, 230),
                (x + theme.px(10), y),
                max_width=inner_w,
            )
            y += small.get_height() + theme.px(1)
    extras = [
        f"{sp.name} ({sp.kind}{', range ' + str(sp.range) if sp.range else ''})"
        for sp in prof.specials
    ]
    abilities = sorted(a.title() for a in prof.abilities)
    text = ""
    if extras:
        text += "Special: " + "; ".join(extras) + ". "
    if abilities:
        text += "Abilities: " + ", ".join(abilities) + "."
    if text and y + small.get_height() <= rect.bottom - pad:
        area = pygame.Rect(x, y + theme.px(2), inner_w, rect.bottom - pad - y)
        used = D.text_block(surface, text, small, (200, 206, 220), area)
        y += used + theme.px(2)


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
    D.text(
        surface,
        g.name,
        theme.fonts.get(13, "Bold"),
        T.TEXT,
        (rect.left + pad, rect.top + pad),
        max_width=rect.w - 3 * pad - coin,
    )
    body = pygame.Rect(
        rect.left + pad,
        rect.top + pad + theme.px(20),
        rect.w - 2 * pad,
        rect.h - 2 * pad - theme.px(20),
    )
    D.text_block(surface, g.text, theme.fonts.get(11), (200, 206, 220), body)


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
    D.text(
        surface,
        g.name,
        theme.fonts.get(12, "Medium"),
        T.TEXT,
        (rect.left + coin + theme.px(8), rect.centery),
        "midleft",
        rect.w - coin - theme.px(12),
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
        x += badge + theme.px(4)
    title_font = theme.fonts.get(13, "Bold")
    if title_font.size(b.name)[0] > brect.left - x - theme.px(4):
        title_font = theme.fonts.get(11, "Bold")
    D.text(
        surface,
        b.name,
        title_font,
        T.TEXT,
        (x, rect.top + pad),
        max_width=brect.left - x - theme.px(4),
    )
    top = rect.top + pad + badge + theme.px(3)
    text = b.text
    if b.rig_bonus:
        text += " Rig bonus: " + ", ".join(c.value.title() for c in b.rig_bonus) + "."
    body = pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)
    D.text_block(surface, text, theme.fonts.get(11), (206, 210, 222), body)


def treasure_row_text(row: Any) -> str:
    parts = []
    if row.loot:
        parts.append(f"{row.loot} Loot")
    if row.heal_all:
        parts.append("heal a hero fully")
    elif row.heal:
        parts.append(f"heal {row.heal}")
    if row.refund:
        parts.append(f"{row.refund} die back")
    if row.recover:
        parts.append(f"recover {row.recover} gear")
    if row.release:
        parts.append(f"free {row.release} from Cooler")
    return ", ".join(parts) or "nothing"


def chest_card(
    surface: pygame.Surface, rect: pygame.Rect, theme: T.Theme, chest_id: str | None
) -> None:
    pad = theme.px(7)
    if chest_id is None:
        card_frame(surface, rect, theme, None, dim=True)
        D.text(
            surface,
            "No Chest",
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
    D.text(
        surface,
        chest.name,
        theme.fonts.get(13, "Bold"),
        T.TEXT,
        (rect.left + pad + icon + theme.px(4), rect.top + pad),
        max_width=rect.w - 3 * pad - icon,
    )
    small = theme.fonts.get(11)
    y = rect.top + pad + icon + theme.px(2)
    D.text(
        surface,
        f"{cls.title()}s raid free",
        small,
        T.TEXT_DIM,
        (rect.left + pad, y),
        max_width=rect.w - 2 * pad,
    )
    y += small.get_height() + theme.px(3)
    for i, row in enumerate(chest.rows):
        label = ("0", "1", "2")[i]
        chip = pygame.Rect(rect.left + pad, y, theme.px(14), small.get_height())
        D.rounded_rect(surface, chip, BOOST, theme.px(3))
        D.text(surface, label, theme.fonts.get(10, "Bold"), A.DARK, chip.center, "center")
        body = pygame.Rect(
            chip.right + theme.px(4),
            y,
            rect.right - pad - chip.right - theme.px(4),
            rect.bottom - y - pad,
        )
        used = D.text_block(surface, treasure_row_text(row), small, (206, 210, 222), body)
        y += max(used, small.get_height()) + theme.px(2)
        if y > rect.bottom - pad:
            break


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
    key = (paint.__name__, rect.size, theme.scale, args, tuple(sorted(kwargs.items())))
    img = _CARD_CACHE.get(key)
    if img is None:
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        paint(img, pygame.Rect((0, 0), rect.size), theme, *args, **kwargs)
        if len(_CARD_CACHE) > 400:
            _CARD_CACHE.clear()
        _CARD_CACHE[key] = img
    surface.blit(img, rect.topleft)
