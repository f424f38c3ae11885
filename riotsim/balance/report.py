"""Write a balance report: ``report.json`` (the figures) and ``report.html`` (one page with
PNG charts, maps side by side when the report compares them)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from riotsim.balance.batch import Batch
from riotsim.balance.figures import figures, split_by_map
from riotsim.i18n import N_, _, format_number, language

JSON_NAME = "report.json"
HTML_NAME = "report.html"


def build(batch: Batch, runs: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The report's data: ``runs`` are the batches' records, one list per map compared (a
    run without a fixed map is split by the map each game was played on)."""
    sections = []
    failed: list[dict[str, Any]] = []
    for records in runs:
        failed += [{"seed": r["seed"], "error": r["error"]} for r in records if "error" in r]
        played = [r for r in records if "error" not in r]  # a game a rules error stopped
        for map_id, group in split_by_map(played).items():
            sections.append(figures(batch, group, map_id))
    return {
        **({"failed": failed} if failed else {}),
        "game": batch.game,
        "bots": list(batch.bots),
        "seed": batch.seed,
        "scenario": batch.scenario,
        "options": dict(sorted(batch.options.items())),
        "maps": sections,
    }


def write(folder: Path, batch: Batch, report: dict[str, Any], note: str = "") -> list[Path]:
    """Write ``report.json``, the charts and ``report.html`` into ``folder``; the files."""
    from riotsim.balance import charts
    from riotsim.balance.shapes import map_shape

    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / JSON_NAME
    json_path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    columns = []
    titles: list[str] = []
    for index, section in enumerate(report["maps"], start=1):
        prefix = f"m{index}_"
        images = [
            charts.win_rate(section, folder / f"{prefix}win_rate.png"),
            charts.turn_order(section, folder / f"{prefix}turn_order.png"),
            charts.length(section, folder / f"{prefix}length.png"),
            charts.endings(section, folder / f"{prefix}endings.png"),
        ]
        shape = map_shape(batch.game, section["map"], batch)
        titles.append(shape.title if shape is not None else str(section["map"]))
        if shape is not None:
            for layer, counts in section["heat"].items():
                name = f"{prefix}heat_{layer.replace(' ', '_').replace('-', '_')}.png"
                images.append(charts.heatmap(shape, counts, layer, folder / name))
        columns.append((section, images))
    html_path = folder / HTML_NAME
    html_path.write_text(_page(report, columns, titles, note), encoding="utf-8")
    return [json_path, html_path, *(folder / name for _s, images in columns for name in images)]


def _page(
    report: dict[str, Any],
    columns: list[tuple[dict[str, Any], list[str]]],
    titles: list[str],
    note: str,
) -> str:
    e = html.escape
    title = _("Balance report: {game}").format(game=report["game"])
    heads = "".join(f"<th>{e(name)}</th>" for name in titles)
    rows = [_summary_row(_(label), columns, key) for label, key in _SUMMARY]
    chart_rows = []
    for row in range(max(len(images) for _images, images in columns)):
        cells = "".join(
            f'<td><img src="{e(images[row])}" alt="{e(images[row])}"></td>'
            if row < len(images)
            else "<td></td>"
            for _section, images in columns
        )
        chart_rows.append(f"<tr>{cells}</tr>")
    first = columns[0][0]
    return f"""<!DOCTYPE html>
<html lang="{language()}"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>body{{font-family:sans-serif;margin:1.5em;max-width:1200px}}
table{{border-collapse:collapse}}td,th{{padding:4px 10px;vertical-align:top;text-align:left}}
.figures td,.figures th{{border-bottom:1px solid #ddd}}img{{max-width:100%}}
.note{{color:#555;font-size:90%}}</style></head><body>
<h1>{e(title)}</h1>
<p>{e(_setup_line(report))}</p>
<table class="figures"><tr><th></th>{heads}</tr>{"".join(rows)}</table>
<table class="charts">{"".join(chart_rows)}</table>
<p class="note">{e(_definitions(first))}</p>
<p class="note">{e(note)}</p>
</body></html>
"""


def _setup_line(report: dict[str, Any]) -> str:
    return _(
        "Bots per seat: {bots}; seeds from {seed}; scenario {scenario};\noptions {options}."
    ).format(
        bots=", ".join(report["bots"]),
        seed=report["seed"],
        scenario=report["scenario"],
        options=json.dumps(report["options"]),
    )


def _definitions(first: dict[str, Any]) -> str:
    """The notes under the tables; the definitions are English data in report.json, shown in
    the language spoken."""
    return _(
        "Intervals are 95% Wilson score intervals. Decisiveness: {decisiveness} Turn order: "
        "{turn_order} Draws are games without exactly one\nwinner; round-limit endings are "
        "games ended by the round (or time) limit."
    ).format(
        decisiveness=_(first["decisiveness"]["definition"]),
        turn_order=_(first["turn_order"]["definition"]),
    )


def percent(share: float) -> str:
    """A share as a percentage with one decimal, written the language's way (50.0%)."""
    return _("{number}%").format(number=format_number(100 * share, digits=1))


def _pct(p: dict[str, Any]) -> str:
    return f"{percent(p['rate'])} [{percent(p['ci95'][0])}, {percent(p['ci95'][1])}]"


def _rounds(s: dict[str, Any]) -> str:
    rounds = s["length"]["rounds"]
    return "{median} ({min}-{max})".format(
        median=format_number(rounds["median"]),
        min=format_number(rounds["min"]),
        max=format_number(rounds["max"]),
    )


_SUMMARY: list[tuple[str, Any]] = [
    (N_("games"), lambda s: format_number(s["games"])),
    (
        N_("win rate per seat"),
        lambda s: "<br>".join(f"{w['seat']}: {_pct(w)}" for w in s["win_rate"]),
    ),
    (N_("first player wins"), lambda s: _pct(s["turn_order"]["by_position"][0])),
    (N_("rounds (median, min-max)"), _rounds),
    (
        N_("mid-game leader wins"),
        lambda s: _pct({"rate": s["decisiveness"]["rate"], "ci95": s["decisiveness"]["ci95"]}),
    ),
    (
        N_("draws / round limit"),
        lambda s: (
            f"{format_number(s['endings']['draws'])} / {format_number(s['endings']['round_limit'])}"
        ),
    ),
]


def _summary_row(label: str, columns: list[tuple[dict[str, Any], list[str]]], key: Any) -> str:
    cells = "".join(f"<td>{key(section)}</td>" for section, _images in columns)
    return f"<tr><th>{html.escape(label)}</th>{cells}</tr>"
