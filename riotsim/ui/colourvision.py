"""How colours look with the common colour-vision deficiencies, and how far apart two look.

The simulation is Machado, Oliveira and Fernandes (2009) at full severity, applied in linear
sRGB; distances are CIE76 Delta E in CIELAB (D65). Pure Python, no pygame: the palette checks
and the screen checks (a screenshot's pixels) share it.

>>> simulate((0, 0, 0), "deuteranopia")
(0, 0, 0)
>>> round(delta_e((255, 255, 255), (0, 0, 0)))
100
"""

from __future__ import annotations

from collections.abc import Sequence

Colour = tuple[int, int, int]

# Machado et al. 2009, severity 1.0: linear RGB -> linear RGB as seen with the deficiency.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES: tuple[str, ...] = tuple(MATRICES)


def _linear(channel: int) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    v = min(1.0, max(0.0, value))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(colour: Sequence[int], deficiency: str) -> Colour:
    """``colour`` as seen with ``deficiency`` (one of :data:`DEFICIENCIES`)."""
    m = MATRICES[deficiency]
    lin = [_linear(int(c)) for c in colour[:3]]
    out = [sum(m[row][k] * lin[k] for k in range(3)) for row in range(3)]
    return (_encoded(out[0]), _encoded(out[1]), _encoded(out[2]))


def _lab(colour: Sequence[int]) -> tuple[float, float, float]:
    r, g, b = (_linear(int(c)) for c in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Sequence[int], b: Sequence[int]) -> float:
    """How different two colours look (CIE76): about 2 is just noticeable, 10+ is clear."""
    la, lb = _lab(a), _lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def closest_pair(
    colours: dict[str, Colour], deficiency: str | None = None
) -> tuple[float, str, str]:
    """The two named colours that look most alike (with ``deficiency``, or normal vision)."""
    seen = {name: simulate(c, deficiency) if deficiency else c for name, c in colours.items()}
    names = sorted(seen)
    best = (float("inf"), "", "")
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            best = min(best, (delta_e(seen[a], seen[b]), a, b))
    return best
