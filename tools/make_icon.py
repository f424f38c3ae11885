"""Draw riotsim's window icon (assets/icon.png): a hex tile with a die face on it.

Run from the repository root: ``python3 tools/make_icon.py``. Deterministic output.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 256
SCALE = 4  # draw large, then scale down smoothly for clean edges


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def main() -> None:
    pygame.init()
    big = SIZE * SCALE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    pygame.draw.polygon(surface, (20, 26, 38), hexagon(c, c, big * 0.49))
    pygame.draw.polygon(surface, (230, 159, 0), hexagon(c, c, big * 0.43))
    die = pygame.Rect(0, 0, big * 0.44, big * 0.44)
    die.center = (int(c), int(c))
    pygame.draw.rect(surface, (245, 242, 232), die, border_radius=int(big * 0.07))
    pip = big * 0.045
    for fx, fy in ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72), (0.72, 0.28), (0.28, 0.72)):
        centre = (die.left + die.w * fx, die.top + die.h * fy)
        pygame.draw.circle(surface, (20, 26, 38), centre, pip)
    icon = pygame.transform.smoothscale(surface, (SIZE, SIZE))
    out = Path("assets/icon.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon, str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
