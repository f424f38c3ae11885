"""Colours, fonts and sizes shared by every screen.

Seat colours follow the Okabe-Ito palette (safe for the common forms of colour blindness) and
every seat also has its own shape, so colour never carries meaning alone. Sizes follow the
UI-scale setting (Auto: scaled with the window): ``theme.px(12)`` is 12 pixels at scale 1, the
size things have in a 1280x800 window.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

Colour = tuple[int, int, int]

# Okabe-Ito, ordered so neighbouring seats contrast strongly on the dark table.
SEAT_COLOURS: dict[str, Colour] = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
}
SEAT_COLOUR_ORDER: tuple[str, ...] = tuple(SEAT_COLOURS)
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "star")

BG = (21, 25, 35)
BG_DEEP = (14, 17, 24)
PANEL = (33, 39, 54)
PANEL_HI = (44, 52, 72)
LINE = (66, 77, 102)
TEXT = (236, 238, 243)
TEXT_DIM = (150, 160, 180)
TEXT_DARK = (18, 20, 26)
ACCENT = (230, 159, 0)  # Okabe-Ito orange: focus and the primary button
ACCENT_HI = (246, 190, 60)
BUTTON = (52, 62, 86)
BUTTON_HI = (70, 84, 114)
DISABLED = (44, 49, 62)
DISABLED_TEXT = (98, 106, 124)
GOOD = (0, 158, 115)
BAD = (213, 94, 0)
SHADE = (0, 0, 0, 150)
STRONG_OUTLINES = False  # the high-contrast theme: panels and buttons get a white outline

# The palette is read at draw time (``T.BG``), so :func:`use_palette` swaps it for every screen
# at once; nothing may copy a palette colour at import (a test checks).
PALETTE_NAMES: tuple[str, ...] = (
    "BG",
    "BG_DEEP",
    "PANEL",
    "PANEL_HI",
    "LINE",
    "TEXT",
    "TEXT_DIM",
    "TEXT_DARK",
    "ACCENT",
    "ACCENT_HI",
    "BUTTON",
    "BUTTON_HI",
    "DISABLED",
    "DISABLED_TEXT",
    "GOOD",
    "BAD",
    "SHADE",
    "STRONG_OUTLINES",
)
PALETTES: dict[str, dict[str, object]] = {
    "standard": {name: globals()[name] for name in PALETTE_NAMES},
    # pure black and white, yellow focus; the seat colours (Okabe-Ito) stay as they are
    "high_contrast": {
        "BG": (0, 0, 0),
        "BG_DEEP": (0, 0, 0),
        "PANEL": (0, 0, 0),
        "PANEL_HI": (38, 38, 38),
        "LINE": (255, 255, 255),
        "TEXT": (255, 255, 255),
        "TEXT_DIM": (225, 225, 225),
        "TEXT_DARK": (0, 0, 0),
        "ACCENT": (255, 220, 0),
        "ACCENT_HI": (255, 240, 130),
        "BUTTON": (0, 0, 0),
        "BUTTON_HI": (60, 60, 60),
        "DISABLED": (0, 0, 0),
        "DISABLED_TEXT": (160, 160, 160),
        "GOOD": (0, 200, 140),
        "BAD": (255, 110, 40),
        "SHADE": (0, 0, 0, 210),
        "STRONG_OUTLINES": True,
    },
}
_palette = ["standard"]


def use_palette(name: str) -> None:
    """Switch every screen to the palette ``name`` (a key of :data:`PALETTES`)."""
    values = PALETTES.get(name, PALETTES["standard"])
    globals().update(values)
    _palette[0] = name if name in PALETTES else "standard"


def palette() -> str:
    """The name of the palette in use."""
    return _palette[0]


def seat_colour(seat: int, name: str = "") -> Colour:
    """The colour of a seat: its chosen palette name, or the seat's default."""
    if name in SEAT_COLOURS:
        return SEAT_COLOURS[name]
    return SEAT_COLOURS[SEAT_COLOUR_ORDER[seat % len(SEAT_COLOUR_ORDER)]]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def default_colour_name(seat: int) -> str:
    return SEAT_COLOUR_ORDER[seat % len(SEAT_COLOUR_ORDER)]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def readable_on(colour: Colour) -> Colour:
    """Dark or light text, whichever reads better on ``colour``."""
    r, g, b = colour
    return TEXT_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else TEXT


def font_dir() -> Path | None:
    """The folder of the bundled Roboto TTFs (the font_roboto package), if installed."""
    try:
        import font_roboto
    except ImportError:
        return None
    folder = Path(font_roboto.__file__).resolve().parent / "files"
    return folder if folder.is_dir() else None


@cache
def _font(size: int, weight: str) -> pygame.font.Font:
    folder = font_dir()
    if folder is not None:
        path = folder / f"Roboto-{weight}.ttf"
        if path.is_file():
            try:
                return pygame.font.Font(str(path), size)
            except (OSError, pygame.error):
                pass
    # pygame's own default font: always there, a little plainer
    font = pygame.font.Font(None, int(size * 1.3))
    font.bold = weight in ("Bold", "Black")
    return font


def reset_fonts() -> None:
    """Forget loaded fonts (they die with ``pygame.quit()``; a new App loads them again)."""
    _font.cache_clear()


class Fonts:
    """Fonts by role and size in design pixels; scaled by the theme."""

    def __init__(self, theme: Theme):
        self.theme = theme

    def get(self, size: float, weight: str = "Regular") -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        # never below 11 px: small windows stay readable
        return _font(max(11, round(size * self.theme.scale * self.theme.text_scale)), weight)

    def body(self) -> pygame.font.Font:
        return self.get(17)

    def small(self) -> pygame.font.Font:
        return self.get(14)

    def bold(self, size: float = 17) -> pygame.font.Font:
        return self.get(size, "Bold")

    def title(self, size: float = 30) -> pygame.font.Font:
        return self.get(size, "Black")


# The screens are drawn for 1280x800 and laid out for at least 1100x690 design pixels: the
# UI scale is what one design pixel measures, never above the window's fit, never below readable.
DESIGN_SIZE = (1280, 800)
FIT_SIZE = (1100, 690)
MIN_SCALE = 0.7  # the readable floor: a small window shrinks things no further
MAX_SCALE = 2.4  # Auto grows things no further on a very large screen


@dataclass
class Theme:
    """Scale and fonts for the current window size, UI-scale and text-size settings.

    ``ui_scale`` is "auto" (the screens scaled to fill the window, as a 1280x800 window shows
    them) or a size: 1.0 the size things have in a 1280x800 window, 2.0 twice that, whatever
    the window. A size the window cannot hold is held at the largest that fits
    (:meth:`fit_scale`)."""

    width: int = 1280
    height: int = 800
    ui_scale: float | str = "auto"
    text_scale: float = 1.0  # fonts only (the text-size setting), on top of ``scale``

    def __post_init__(self) -> None:
        self.fonts = Fonts(self)
        self._scale_for: tuple[int, int, float | str] | None = None
        self._scale = 1.0

    @property
    def scale(self) -> float:
        """The scale really used: design pixels to window pixels.

        Asked thousands of times a frame: worked out again only when its inputs change."""
        key = (self.width, self.height, self.ui_scale)
        if key != self._scale_for:
            self._scale = self.scale_for(self.ui_scale)
            self._scale_for = key
        return self._scale

    def auto_scale(self) -> float:
        """The scale of Auto: the design size stretched to fill the window."""
        return min(self.width / DESIGN_SIZE[0], self.height / DESIGN_SIZE[1])

    def fit_scale(self) -> float:
        """The largest scale at which the screens still fit the window."""
        return min(self.width / FIT_SIZE[0], self.height / FIT_SIZE[1])

    def scale_for(self, ui_scale: float | str) -> float:
        """The scale a UI-scale setting gives in this window (see the class)."""
        wanted = self.auto_scale() if ui_scale == "auto" else float(ui_scale)
        return max(MIN_SCALE, min(MAX_SCALE, self.fit_scale(), wanted))

    def ui_scale_limit(self) -> float:
        """The largest UI-scale setting this window holds (a larger one is held at this)."""
        return max(MIN_SCALE, min(MAX_SCALE, self.fit_scale()))

    def ui_scale_held(self) -> bool:
        """Whether the UI-scale setting is a size larger than the window holds."""
        return self.ui_scale != "auto" and float(self.ui_scale) > self.ui_scale_limit() + 0.005

    @property
    def look(self) -> tuple[float, float, str]:
        """What drawn pictures depend on besides their size: scale, text size and palette
        (cache keys use it, so a change of any redraws them)."""
        return (self.scale, self.text_scale, palette())

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))
