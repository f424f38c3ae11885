"""The report's PNG charts, drawn with matplotlib's Agg backend (no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from riotsim.balance import need
from riotsim.balance.shapes import MapShape
from riotsim.i18n import _, format_number, format_percent

DPI = 96


def _pyplot() -> Any:
    need("matplotlib", "report", "--report")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> str:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    _pyplot().close(fig)
    return path.name


def _rate_bars(ax: Any, labels: list[str], rows: list[dict[str, Any]], title: str) -> None:
    rates = [row["rate"] for row in rows]
    low = [row["rate"] - row["ci95"][0] for row in rows]
    high = [row["ci95"][1] - row["rate"] for row in rows]
    ax.bar(labels, rates, yerr=[low, high], capsize=6, color="#5b8cc0")
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("share of games won"))
    ax.set_title(title)
    for x, row in enumerate(rows):
        shown = f"{format_number(row['wins'])}/{format_number(row['games'])}"
        ax.text(x, 0.02, shown, ha="center", fontsize=8)


def win_rate(report: dict[str, Any], path: Path) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.2, 3.0))
    rows = report["win_rate"]
    labels = [_("seat {seat}\n{bot}").format(seat=row["seat"], bot=row["bot"]) for row in rows]
    _rate_bars(ax, labels, rows, _("Win rate per seat (95% Wilson)"))
    ax.axhline(1 / max(1, len(rows)), color="#999999", linestyle=":", linewidth=1)
    return _save(fig, path)


def turn_order(report: dict[str, Any], path: Path) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.2, 3.0))
    rows = report["turn_order"]["by_position"]
    labels = [_position(row["position"]) for row in rows]
    _rate_bars(ax, labels, rows, _("Win rate by turn order"))
    ax.axhline(1 / max(1, len(rows)), color="#999999", linestyle=":", linewidth=1)
    return _save(fig, path)


def _position(position: int) -> str:
    if position == 1:
        return _("{position}. (first)").format(position=position)
    return _("{position}.").format(position=position)


def length(report: dict[str, Any], path: Path) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.2, 3.0))
    counts = report["length"]["rounds"]["counts"]
    ax.bar([int(k) for k in counts], list(counts.values()), width=0.9, color="#7aa974")
    ax.set_xlabel(_("rounds"))
    ax.set_ylabel(_("games"))
    median = report["length"]["rounds"]["median"]
    ax.set_title(_("Game length (median {median} rounds)").format(median=format_number(median)))
    return _save(fig, path)


def endings(report: dict[str, Any], path: Path) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.2, 3.0))
    e, d = report["endings"], report["decisiveness"]
    labels = [
        _("one\nwinner"),
        _("shared\nwin"),
        _("no\nwinner"),
        _("round\nlimit"),
        _("mid-game\nleader won"),
    ]
    values = [e["one_winner"], e["shared_win"], e["no_winner"], e["round_limit"], d["leader_won"]]
    ax.bar(labels, values, color=["#5b8cc0", "#c0a35b", "#c06b5b", "#8c6bb0", "#5bb0a8"])
    ax.set_ylabel(_("games"))
    decided = d["games_with_leader_and_winner"]
    if decided:
        share = _("{rate} of {games}").format(
            rate=format_percent(d["rate"]), games=format_number(decided)
        )
    else:
        share = _("n/a (no leader and winner)")
    ax.set_title(_("Endings; decisiveness {share}").format(share=share), fontsize=10)
    return _save(fig, path)


def heatmap(shape: MapShape, counts: dict[str, int], layer: str, path: Path) -> str:
    """The map's places in their own colours, each place where ``layer`` happened shaded by
    how often, with its count written on it."""
    plt = _pyplot()
    from matplotlib.collections import PolyCollection

    fig, ax = plt.subplots(figsize=(5.2, 4.4))
    places = shape.places
    ax.add_collection(
        PolyCollection(
            [p.polygon for p in places],
            facecolors=[p.colour for p in places],
            edgecolors="#777777",
            linewidths=0.4,
        )
    )
    top = max(counts.values(), default=0)
    hot = [p for p in places if counts.get(p.key)]
    if hot:
        cmap = plt.get_cmap("YlOrRd")
        heat = PolyCollection(
            [p.polygon for p in hot],
            array=[counts[p.key] for p in hot],
            cmap=cmap,
            clim=(0, top),
            alpha=0.85,
            edgecolors="#333333",
            linewidths=0.4,
        )
        ax.add_collection(heat)
        fig.colorbar(heat, ax=ax, shrink=0.7, label=_("{layer} per place").format(layer=_(layer)))
    for p in places:
        x, y = _centre(p.polygon)
        text = str(counts[p.key]) if counts.get(p.key) else p.label
        if text:
            ax.text(x, y, text, ha="center", va="center", fontsize=6)
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.invert_yaxis()  # map pixels grow downwards
    ax.set_axis_off()
    total = format_number(sum(counts.values()))
    ax.set_title(f"{shape.title}: {_(layer)} ({total})")
    return _save(fig, path)


def _centre(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
