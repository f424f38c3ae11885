"""Drawing dice faces and the dice-roll animation.

Faces come from ``data/dice.yaml`` (die ids and face ids, as carried by a
``dice_rolled`` event). Strike dice show explosions (two for a super strike), numbered dice
show pips, Quodd's d6 shows a Q on its sixth face, the direction die an arrow, the bomb die a
bomb of its kind; any other face is written out.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame
import pytweening

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation

DIE_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    # die id -> (body, ink)
    "action": ((240, 240, 236), (24, 26, 32)),
    "boost": ((86, 180, 233), (14, 22, 34)),
    "power": ((213, 94, 0), (255, 246, 230)),
    "d6": ((246, 244, 238), (24, 26, 32)),
    "d3": ((240, 228, 66), (24, 26, 32)),
    "quodd_d6": ((0, 158, 115), (250, 250, 250)),
    "direction": ((0, 114, 178), (250, 250, 250)),
    "bomb": ((52, 52, 60), (240, 240, 240)),
}
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
    6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)],
}
_DIRECTIONS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def die_faces(die_id: str) -> tuple[str, ...]:
    try:
        from riotsim.core.dice import die

        return die(die_id).faces
    except Exception:  # noqa: BLE001 - an unknown die still animates with what we were given
        return ()


def _burst(surface, colour, centre, r, points=8) -> None:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * 0.5
        a = math.radians(i * 180 / points - 90)
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    draw.aa_polygon(surface, colour, pts)


@lru_cache(maxsize=256)
def render_face(die_id: str, face: str, size: int) -> pygame.Surface:
    """One die showing ``face``, ``size`` pixels square, with a soft shadow."""
    ss = 3
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    s = size * ss
    body, ink = DIE_COLOURS.get(die_id, ((230, 230, 230), (20, 20, 24)))
    shadow = pygame.Rect(int(s * 0.06), int(s * 0.1), int(s * 0.9), int(s * 0.9))
    pygame.draw.rect(big, (0, 0, 0, 90), shadow, border_radius=int(s * 0.2))
    rect = pygame.Rect(0, 0, int(s * 0.9), int(s * 0.9))
    pygame.draw.rect(big, T.mix(body, (0, 0, 0), 0.25), rect, border_radius=int(s * 0.2))
    pygame.draw.rect(
        big, body, rect.inflate(-int(s * 0.05), -int(s * 0.05)), border_radius=int(s * 0.18)
    )
    c = rect.center
    unit = rect.w
    if face in ("strike", "super"):
        burst = (213, 94, 0) if die_id != "power" else (240, 228, 66)
        if face == "strike":
            _burst(big, burst, c, unit * 0.36)
            _burst(big, (240, 228, 66) if die_id != "power" else (255, 255, 255), c, unit * 0.16)
        else:
            _burst(big, burst, (c[0] - unit * 0.14, c[1] - unit * 0.1), unit * 0.27)
            _burst(big, burst, (c[0] + unit * 0.16, c[1] + unit * 0.14), unit * 0.27)
            _burst(
                big,
                (240, 228, 66) if die_id != "power" else (255, 255, 255),
                (c[0] + unit * 0.16, c[1] + unit * 0.14),
                unit * 0.12,
            )
    elif face == "miss":
        pygame.draw.circle(big, T.mix(body, ink, 0.25), c, int(unit * 0.06))
    elif face == "Q":
        font = pygame.font.Font(None, int(unit * 0.9))
        img = font.render("Q", True, ink)
        big.blit(img, img.get_rect(center=c))
    elif face in _DIRECTIONS:
        draw.arrow(big, ink, c, unit * 0.34, _DIRECTIONS[face])
    elif die_id == "bomb" or face in ("standard", "fire", "ice"):
        colour = {"fire": (230, 120, 20), "ice": (130, 210, 245)}.get(face, (20, 20, 24))
        pygame.draw.circle(big, colour, (c[0], c[1] + unit * 0.06), int(unit * 0.27))
        pygame.draw.line(
            big,
            (200, 180, 120),
            (c[0] + unit * 0.12, c[1] - unit * 0.14),
            (c[0] + unit * 0.25, c[1] - unit * 0.3),
            max(2, int(unit * 0.05)),
        )
        _burst(big, (240, 228, 66), (c[0] + unit * 0.27, c[1] - unit * 0.32), unit * 0.09, 6)
        _bomb_sign(big, face, (c[0], c[1] + unit * 0.06), unit * 0.15)
    elif face.isdigit() and int(face) in _PIPS:
        for px, py in _PIPS[int(face)]:
            centre = (rect.left + rect.w * px, rect.top + rect.h * py)
            pygame.draw.circle(big, ink, centre, int(unit * 0.085))
    else:
        font = pygame.font.Font(None, max(8, int(unit * (0.7 if len(face) < 3 else 0.32))))
        img = font.render(face, True, ink)
        big.blit(img, img.get_rect(center=c))
    return pygame.transform.smoothscale(big, (size, size))


def _bomb_sign(big: pygame.Surface, face: str, centre, r: float) -> None:
    """Fire and ice bombs differ by a sign as well as by colour: a flame, a snowflake."""
    cx, cy = centre
    w = max(2, int(r * 0.28))
    if face == "ice":
        for k in range(3):
            a = k * math.pi / 3
            dx, dy = math.cos(a) * r, math.sin(a) * r
            pygame.draw.line(big, (255, 255, 255), (cx - dx, cy - dy), (cx + dx, cy + dy), w)
    elif face == "fire":
        flame = [
            (cx, cy - r * 1.1),
            (cx + r * 0.7, cy + r * 0.2),
            (cx + r * 0.4, cy + r * 0.8),
            (cx - r * 0.4, cy + r * 0.8),
            (cx - r * 0.7, cy + r * 0.2),
        ]
        pygame.draw.polygon(big, (255, 236, 150), flame)


def draw_die(
    surface: pygame.Surface, die_id: str, face: str, centre, size: int, angle: float = 0.0
) -> None:
    img = render_face(die_id, face, max(8, int(size)))
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


class DiceRoll(Animation):
    """Dice that tumble in, land on the rolled ``faces`` and stay a moment.

    ``centre`` is where the row of dice comes to rest; ``hold`` is how long they stay after
    landing. Tumbling faces are chosen from the die's own faces (cosmetic only).
    """

    roll_time = 0.85

    def __init__(
        self,
        die_id: str,
        faces: list[str],
        centre,
        size: int = 56,
        hold: float = 0.9,
        seed: int = 0,
    ):
        super().__init__(self.roll_time + hold)
        self.die_id = die_id
        self.faces = [str(f) for f in faces]
        self.centre = centre
        self.size = size
        pool = die_faces(die_id) or tuple(self.faces) or ("?",)
        rand = random.Random(seed or hash((die_id, tuple(self.faces))))
        self.tumbles = [[rand.choice(pool) for _ in range(12)] for _ in self.faces]
        self.spins = [rand.uniform(-540, 540) for _ in self.faces]
        self.offsets = [rand.uniform(-0.5, 0.5) for _ in self.faces]

    @property
    def landed(self) -> bool:
        return self.t >= self.roll_time

    def still_at(self) -> float:
        return self.roll_time  # reduced motion: landed at once, then the hold as usual

    def positions(self) -> list[tuple[float, float]]:
        n = len(self.faces)
        gap = self.size * 1.18
        x0 = self.centre[0] - gap * (n - 1) / 2
        return [(x0 + i * gap, self.centre[1]) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        p = min(1.0, self.t / self.roll_time)
        travel = pytweening.easeOutCubic(p)
        bounce = pytweening.easeOutBounce(p)
        for i, (x, y) in enumerate(self.positions()):
            if p < 1:
                sx = x - (1 - travel) * self.size * 5
                sy = y - (1 - bounce) * self.size * (1.4 + self.offsets[i])
                frame = min(11, int(p * 12))
                face = self.tumbles[i][frame]
                angle = self.spins[i] * (1 - travel)
                draw_die(surface, self.die_id, face, (sx, sy), self.size, angle)
            else:
                draw_die(surface, self.die_id, self.faces[i], (x, y), self.size)
