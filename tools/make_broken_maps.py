# ruff: noqa: E501  (XML snippets read best on one line)
"""Rebuilds the broken-map corpus (tests/fixtures/broken-maps) from the shipped maps, one
mistake per file. Run from the repository root: ``python tools/make_broken_maps.py``."""

import re
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "broken-maps"


def src(p):
    return Path(p).read_text()


def tileset_fix(text, game):
    return re.sub(r'source="([^"/]+\.tsx)"', rf'source="../../../../maps/{game}/\1"', text)


def write(game, name, text, fix=True):
    d = OUT / game
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(tileset_fix(text, game) if fix else text)


def one(text, old, new):
    assert old in text, old
    return text.replace(old, new, 1)


def main() -> None:
    rq = src("maps/riotquest/scrapyard.tmx")

    write(
        "riotquest",
        "no_kind.tmx",
        one(rq, 'name="Arena Centre" type="centre"', 'name="Arena Centre"'),
    )
    write(
        "riotquest",
        "unknown_kind.tmx",
        one(rq, 'name="Spawn Gate 1" type="spawn_gate"', 'name="Spawn Gate 1" type="spawn_gat"'),
    )
    write(
        "riotquest",
        "unused_property.tmx",
        one(
            rq,
            '<property name="number" type="int" value="1"/>',
            '<property name="number" type="int" value="1"/>\n    <property name="speed" type="int" value="3"/>',
        ),
    )
    write(
        "riotquest",
        "links_not_allowed.tmx",
        one(
            rq,
            '<property name="number" type="int" value="1"/>',
            '<property name="number" type="int" value="1"/>\n    <property name="links" value="Treasure Beacon 1"/>',
        ),
    )
    # what Tiled before 1.9 saves of a map whose objects named their kind with class=: no kind
    old = re.sub(r'(<object [^>]*?) type="[^"]*"', r"\1", rq).replace(
        'version="1.10" tiledversion="1.10.2"', 'version="1.8" tiledversion="1.8.2"', 1
    )
    write("riotquest", "saved_by_tiled_1_8.tmx", old)
    # a tile with no terrain: an own tileset copy with tile 6's properties removed
    tsx = src("maps/riotquest/scrapyard.tsx").replace(
        'source="scrapyard_tiles.png"', 'source="../../../../maps/riotquest/scrapyard_tiles.png"'
    )
    tsx = re.sub(
        r'(<tile id="6">)\s*<properties>.*?</properties>\s*', r"\1\n ", tsx, count=1, flags=re.S
    )
    d = OUT / "riotquest"
    (d / "no_terrain.tsx").write_text(tsx)
    (d / "tile_no_terrain.tmx").write_text(
        rq.replace('source="scrapyard.tsx"', 'source="no_terrain.tsx"')
    )

    city = src("maps/riot/city.tmx")
    write(
        "riot",
        "area_touches_nothing.tmx",
        one(
            city,
            'name="area_nw" type="area" x="40" y="40"',
            'name="area_nw" type="area" x="4000" y="4000"',
        ),
    )
    write(
        "riot",
        "unknown_kind.tmx",
        one(city, 'name="area_n" type="area"', 'name="area_n" type="aera"'),
    )
    write("riot", "no_kind.tmx", one(city, 'name="area_n" type="area"', 'name="area_n"'))
    # three areas only (area d and its spaces taken out): no 2-player First Round can place
    # a protester's four buildings in four different areas
    minimal = src("maps/templates/riot_city.tmx")
    write(
        "riot",
        "three_areas.tmx",
        re.sub(
            r'  <object id="\d+" name="(?:area_d|d_\w+)".*?</object>\n', "", minimal, flags=re.S
        ),
    )

    q = src("maps/quodd/b1a.tmx")
    write(
        "quodd",
        "stacked_on_respawn.tmx",
        one(
            q,
            '<object id="6"',
            '<object id="7" name="wall 2,1" type="wall" x="64" y="32" width="32" height="32"></object>\n  <object id="6"',
        ).replace('nextobjectid="7"', 'nextobjectid="8"'),
    )
    write(
        "quodd",
        "unknown_kind.tmx",
        one(q, 'name="wall 3,3" type="wall"', 'name="wall 3,3" type="wal"'),
    )
    write("quodd", "no_kind.tmx", one(q, 'name="wall 3,3" type="wall"', 'name="wall 3,3"'))
    write(
        "quodd",
        "links_not_allowed.tmx",
        one(
            q,
            'name="wall 3,3" type="wall" x="96" y="96" width="32" height="32"></object>',
            'name="wall 3,3" type="wall" x="96" y="96" width="32" height="32"><properties><property name="links" value="wall 5,3"/></properties></object>',
        ),
    )
    write(
        "quodd",
        "unused_property.tmx",
        one(
            q,
            'name="wall 3,3" type="wall" x="96" y="96" width="32" height="32"></object>',
            'name="wall 3,3" type="wall" x="96" y="96" width="32" height="32"><properties><property name="speed" value="2"/></properties></object>',
        ),
    )
    write(
        "riot",
        "links_on_area.tmx",
        one(
            city,
            '<object id="1" name="area_nw" type="area" x="40" y="40">\n   <properties>',
            '<object id="1" name="area_nw" type="area" x="40" y="40">\n   <properties>\n    <property name="links" value="area_n"/>',
        ),
    )
    write(
        "quodd",
        "tile_no_ground.tmx",
        q.replace("1,1,1,1,1,1,1,1,1,\n1,1,1", "1,1,1,1,1,1,1,1,1,\n0,0,0", 1),
    )
    # warnings (not errors): a lopsided arena, a RIOT area with no entry
    write(
        "riotquest",
        "lopsided_gate.tmx",
        one(
            rq,
            'name="Spawn Gate 1" type="spawn_gate" x="464" y="84"',
            'name="Spawn Gate 1" type="spawn_gate" x="416" y="280"',
        ),
    )
    write(
        "riot",
        "area_without_entry.tmx",
        one(
            city,
            'name="nw_entry" type="entry" x="200" y="230">\n   <properties>',
            'name="nw_entry" type="building" x="200" y="230">\n   <properties>\n    <property name="credits" type="int" value="1"/>',
        ),
    )
    # a Quodd rally marker walled in on four sides: plain tumbles cannot reach it
    wall_75 = '  <object id="5" name="wall 7,5" type="wall" x="224" y="160" width="32" height="32"></object>\n'
    walled = one(
        q,
        wall_75,
        wall_75
        + '  <object id="7" name="wall 4,2" type="wall" x="128" y="64" width="32" height="32"></object>\n'
        '  <object id="8" name="wall 4,4" type="wall" x="128" y="128" width="32" height="32"></object>\n'
        '  <object id="9" name="rally 4,3" type="rally" x="128" y="96" width="32" height="32"><properties><property name="number" type="int" value="1"/></properties></object>\n',
    )
    write("quodd", "objective_walled_in.tmx", one(walled, 'nextobjectid="7"', 'nextobjectid="10"'))
    # two mistakes found by different stages: both are reported
    two = one(
        city,
        '<property name="credits" type="int" value="2"/>',
        '<property name="credits" type="int" value="5"/>',
    )
    write(
        "riot",
        "two_stages.tmx",
        one(two, 'name="nw_entry" type="entry"', 'name="nw_entry" type="street"'),
    )


if __name__ == "__main__":
    main()
