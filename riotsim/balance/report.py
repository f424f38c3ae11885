"""Write a balance report: ``report.json`` (the figures) and ``report.html`` (one page with
PNG charts, maps side by side when the report compares them)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from riotsim.balance.batch import Batch
from riotsim.balance.figures import figures, split_by_map

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
    return [json_path, html_path, *(folder / name for _, images in columns for name in images)]


def _page(
    report: dict[str, Any],
    columns: list[tuple[dict[str, Any], list[str]]],
    titles: list[str],
    note: str,
) -> str:
    e = html.escape
    title = f"Balance report: {report['game']}"
    heads = "".join(f"<th>{e(name)}</th>" for name in titles)
    rows = [_summary_row(label, columns, key) for label, key in _SUMMARY]
    chart_rows = []
    for row in range(max(len(images) for _, images in columns)):
        cells = "".join(
            f'<td><img src="{e(images[row])}" alt="{e(images[row])}"></td>'
            if row < len(images)
            else "<td></td>"
            for _, images in columns
        )
        chart_rows.append(f"<tr>{cells}</tr>")
    first = columns[0][0]
    bots = ", ".join(report["bots"])
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>body{{font-family:sans-serif;margin:1.5em;max-width:1200px}}
table{{border-collapse:collapse}}td,th{{padding:4px 10px;vertical-align:top;text-align:left}}
.figures td,.figures th{{border-bottom:1px solid #ddd}}img{{max-width:100%}}
.note{{color:#555;font-size:90%}}</style></head><body>
<h1>{e(title)}</h1>
<p>Bots per seat: {e(bots)}; seeds from {report["seed"]}; scenario {e(str(report["scenario"]))};
options {e(json.dumps(report["options"]))}.</p>
<table class="figures"><tr><th></th>{heads}</tr>{"".join(rows)}</table>
<table class="charts">{"".join(chart_rows)}</table>
<p class="note">Intervals are 95% Wilson score intervals. Decisiveness: {
        e(first["decisiveness"]["definition"])
    } Turn order: {e(first["turn_order"]["definition"])} Draws are games without exactly one
winner; round-limit endings are games ended by the round (or time) limit.</p>
<p class="note">{e(note)}</p>
</body></html>
"""


def _pct(p: dict[str, Any]) -> str:
    return f"{p['rate']:.1%} [{p['ci95'][0]:.1%}, {p['ci95'][1]:.1%}]"


_SUMMARY: list[tuple[str, Any]] = [
    ("games", lambda s: str(s["games"])),
    ("win rate per seat", lambda s: "<br>".join(f"{w['seat']}: {_pct(w)}" for w in s["win_rate"])),
    ("first player wins", lambda s: _pct(s["turn_order"]["by_position"][0])),
    (
        "rounds (median, min-max)",
        lambda s: "{median:g} ({min}-{max})".format(**s["length"]["rounds"]),
    ),
    (
        "mid-game leader wins",
        lambda s: _pct({"rate": s["decisiveness"]["rate"], "ci95": s["decisiveness"]["ci95"]}),
    ),
    ("draws / round limit", lambda s: f"{s['endings']['draws']} / {s['endings']['round_limit']}"),
]


def _summary_row(label: str, columns: list[tuple[dict[str, Any], list[str]]], key: Any) -> str:
    cells = "".join(f"<td>{key(section)}</td>" for section, _ in columns)
    return f"<tr><th>{html.escape(label)}</th>{cells}</tr>"
