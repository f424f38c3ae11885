"""check-data and check-map: every problem as a Problem, never an exception."""

from __future__ import annotations

import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from riotsim.core import registry
from riotsim.core.checks import check_data, check_maps, load_ruleset, map_files
from riotsim.core.problems import ContentError, Problem

MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"
TOY_MODULE = "riotsim_checks_toy_games"

GOOD_DICE = """\
dice:
  d6:
    label: d6
    faces: ["1", "2", "3", "4", "5", "6"]
"""


class ToyRules:
    """Just the two content hooks of the rules contract."""

    def __init__(self, name: str, content: list[Problem] | Exception | None = None):
        self.name = name
        self.content = content or []
        self.boards: list[tuple[Any, str]] = []

    def check_content(self) -> list[Problem]:
        if isinstance(self.content, Exception):
            raise self.content
        return list(self.content)

    def check_board(self, board: Any, path: str) -> list[Problem]:
        self.boards.append((board, path))
        if board.width != 9:
            return [Problem(path, "map", f"{self.name} boards are 9 cells wide")]
        return []


class CrashingBoardRules(ToyRules):
    def check_board(self, board: Any, path: str) -> list[Problem]:
        raise KeyError("beacon")


@pytest.fixture
def toys(monkeypatch):
    """A registry holding only toy rule sets, from a module made up for this test."""
    module = types.ModuleType(TOY_MODULE)
    monkeypatch.setitem(sys.modules, TOY_MODULE, module)
    monkeypatch.setattr(registry, "_RULESETS", {})
    registry.get.cache_clear()

    def add(ruleset_id: str, rules: Any, attr: str | None = None) -> Any:
        attr = attr or ruleset_id.upper().replace("-", "_")
        setattr(module, attr, rules)
        registry._RULESETS[ruleset_id] = f"{TOY_MODULE}:{attr}"
        return rules

    yield add
    registry.get.cache_clear()


@pytest.fixture
def root(tmp_path) -> Path:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "dice.yaml").write_text(GOOD_DICE)
    return tmp_path


# -- check_data -------------------------------------------------------------------------------


def test_clean_content_has_no_problems(root, toys):
    toys("alpha", ToyRules("alpha"))
    assert check_data(root) == []


def test_root_may_be_the_data_folder_itself(root, toys):
    (root / "data" / "dice.yaml").write_text("dice:\n  d6:\n    faces: [1]\n")
    messages = [p.message for p in check_data(root / "data")]
    assert messages == ["dice.d6: a die needs at least two faces"]


def test_dice_problems_carry_lines(root, toys):
    (root / "data" / "dice.yaml").write_text(
        "dice:\n  d6:\n    faces: [1, 2, 3]\n  odd:\n    faces: [up, down]\n"
    )
    problems = check_data(root)
    assert all(p.path.endswith("data/dice.yaml") for p in problems)
    assert [(p.place, p.message) for p in problems] == [
        ("5", "dice.odd.faces: face 'up' has no value"),
        ("5", "dice.odd.faces: face 'down' has no value"),
    ]


def test_dice_syntax_error_and_missing_file(root, toys):
    (root / "data" / "dice.yaml").write_text("dice:\n  d6: [1, 2\n")
    (problem,) = check_data(root)
    assert ":" in problem.place  # line:column
    (root / "data" / "dice.yaml").unlink()
    (problem,) = check_data(root)
    assert problem.message == "file not found"


def test_every_yaml_file_must_parse(root, toys):
    (root / "data" / "game").mkdir()
    (root / "data" / "game" / "ok.yaml").write_text("a: 1\n")
    (root / "data" / "game" / "dup.yml").write_text("a: 1\na: 2\n")
    (root / "data" / "game" / "notes.txt").write_text("a: [\n")
    (problem,) = check_data(root)
    assert problem.path.endswith("data/game/dup.yml")
    assert (problem.place, problem.message) == ("2", "duplicate key 'a' (first defined on line 1)")


def test_rule_set_content_problems_are_collected(root, toys):
    content = [Problem("data/alpha/cards.yaml", "3", "cards[0].cost: must be at least 0 (got -1)")]
    toys("alpha", ToyRules("alpha", content))
    toys("beta", ToyRules("beta", ContentError([Problem("data/beta/x.yaml", "", "broken")])))
    assert check_data(root) == [content[0], Problem("data/beta/x.yaml", "", "broken")]


def test_a_crashing_content_check_is_a_problem(root, toys):
    toys("alpha", ToyRules("alpha", RuntimeError("boom")))
    (problem,) = check_data(root)
    assert problem.message == "alpha: check_content crashed: RuntimeError: boom"


def test_rule_sets_sharing_a_package_report_once(root, toys):
    shared = [Problem("data/riot/cards.yaml", "7", "same problem")]
    toys("riot", ToyRules("riot", shared), "RULESET")
    toys("riot-pm", ToyRules("riot-pm", shared), "RULESET_PM")
    assert check_data(root) == shared


def test_uninstalled_rule_set_is_skipped_silently(root, toys):
    registry._RULESETS["future"] = "riotsim.games.not_written_yet:RULESET"
    assert load_ruleset("future") == (None, [])
    assert check_data(root) == []


def test_broken_import_inside_an_existing_package_is_a_problem(root, toys, tmp_path, monkeypatch):
    package = tmp_path / "brokengame"
    package.mkdir()
    (package / "__init__.py").write_text("from brokengame import missing_module  # noqa\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "brokengame", raising=False)
    registry._RULESETS["broken"] = "brokengame:RULESET"
    (problem,) = check_data(root)
    assert problem.path == "brokengame"
    assert problem.message.startswith("rule set 'broken' failed to load: ImportError")


def test_missing_ruleset_attribute_is_a_problem(root, toys):
    registry._RULESETS["half"] = f"{TOY_MODULE}:NOT_THERE"
    (problem,) = check_data(root)
    assert "rule set 'half' failed to load: AttributeError" in problem.message


def test_real_content_check_runs_without_raising():
    problems = check_data()
    assert all(isinstance(p, Problem) for p in problems)


# -- check_maps -------------------------------------------------------------------------------


def test_map_is_dispatched_to_its_game(toys):
    rules = toys("quodd", ToyRules("quodd"))
    assert check_maps([MAPS / "ortho9.tmx"]) == []
    ((board, path),) = rules.boards
    assert board.game == "quodd" and board.width == 9
    assert path.endswith("tests/fixtures/maps/ortho9.tmx")


def test_game_problems_are_returned(toys):
    toys("riotquest", ToyRules("riotquest"))
    problems = check_maps([MAPS / "hex_y.tmx", MAPS / "hex_x.tmx"])
    assert [p.message for p in problems] == ["riotquest boards are 9 cells wide"] * 2


def test_unknown_game(toys, tmp_path):
    shutil.copy(MAPS / "squares.tsx", tmp_path)
    shutil.copy(MAPS / "squares.png", tmp_path)
    text = (MAPS / "ortho9.tmx").read_text().replace('value="quodd"', 'value="chess"')
    (tmp_path / "chess.tmx").write_text(text)
    toys("quodd", ToyRules("quodd"))
    (problem,) = check_maps([tmp_path / "chess.tmx"])
    assert problem.place == "map property 'game'"
    assert problem.message == "unknown game 'chess'; known games: quodd"


def test_game_without_installed_rules(toys):
    registry._RULESETS["quodd"] = "riotsim.games.not_written_yet:RULESET"
    (problem,) = check_maps([MAPS / "ortho9.tmx"])
    assert "not installed" in problem.message


def test_crashing_board_check_is_a_problem(toys):
    toys("quodd", CrashingBoardRules("quodd"))
    (problem,) = check_maps([MAPS / "ortho9.tmx"])
    assert problem.message == "quodd: check_board crashed: KeyError: 'beacon'"


def test_folders_are_searched_and_every_map_reported(toys, tmp_path):
    toys("quodd", ToyRules("quodd"))
    folder = tmp_path / "maps"
    (folder / "nested").mkdir(parents=True)
    for name in ("squares.tsx", "squares.png", "ortho9.tmx", "broken_no_game.tmx"):
        shutil.copy(MAPS / name, folder / "nested" / name)
    shutil.copy(MAPS / "broken_orientation.tmx", folder / "z.tmx")
    shutil.copy(MAPS / "squares.tsx", folder)
    shutil.copy(MAPS / "squares.png", folder)
    files, problems = map_files([folder])
    assert [f.name for f in files] == ["broken_no_game.tmx", "ortho9.tmx", "z.tmx"]
    assert problems == []
    problems = check_maps([folder])
    assert [Path(p.path).name for p in problems] == ["broken_no_game.tmx", "z.tmx"]


def test_a_map_named_twice_is_checked_once(toys):
    rules = toys("quodd", ToyRules("quodd"))
    check_maps([MAPS / "ortho9.tmx", MAPS, MAPS / ".." / "maps" / "ortho9.tmx"])
    assert [Path(path).name for _, path in rules.boards] == ["ortho9.tmx"]


def test_bad_paths(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes.txt").write_text("hi")
    problems = check_maps([tmp_path / "empty", tmp_path / "notes.txt", tmp_path / "gone"])
    assert [p.message for p in problems] == [
        "no .tmx maps in this folder",
        "not a Tiled map (expected a .tmx file)",
        "no such file or folder",
    ]


def test_loader_problems_pass_through(toys):
    problems = check_maps([MAPS / "broken_many.tmx"])
    assert len(problems) == 7


# -- damaged copies of the shipped maps, through the games' own board checks ------------------

_TOKENS = ['"', "<", ">", "/", "0", "-1", "999999", "1.5", "abc", "", " ", ",", "nan", "inf"]
_TOKENS += ["x", "y", "odd", "even", "hexagonal", "orthogonal", "class", "list", "true"]
_TOKENS += ["spawn_gate", "beacon", "centre", "wall", "area", "street", "void", "barrier", "7"]


def maps_root() -> Path:
    from riotsim.paths import maps_dir

    return maps_dir()


def _shipped_maps() -> list[Path]:
    return sorted(maps_root().rglob("*.tmx"))


def _damaged_check(folder: Path, source: Path, edits: list[tuple[float, int, int, bool]]) -> None:
    import re

    work = folder / "maps"
    if not work.exists():  # the whole maps folder: templates use other folders' tilesets
        shutil.copytree(maps_root(), work)
    path = work / source.relative_to(maps_root())
    text = path.read_text(encoding="utf-8")
    for where, token, cut, in_value in edits:
        values = [m.span(1) for m in re.finditer(r'="([^"]*)"', text)]
        if in_value and values:  # most damage goes into attribute values: deeper paths
            start, end = values[int(where * len(values)) % len(values)]
        else:
            start = int(where * len(text))
            end = start + cut
        text = text[:start] + _TOKENS[token % len(_TOKENS)] + text[end:]
    path.write_text(text, encoding="utf-8")
    problems = check_maps([path])  # must not raise
    for problem in problems:
        assert isinstance(problem, Problem) and problem.path
        # a crash that was caught is still a bug in the loader or a game's check_board
        assert "crashed" not in problem.message, str(problem)
        assert "could not convert" not in problem.message, str(problem)
        assert "pytmx could not read" not in problem.message, str(problem)


def test_damaged_shipped_maps_give_problems_never_crashes(tmp_path_factory):
    """Issue 2, "Content and maps": a broken map never gives a traceback. Damaged copies of
    every shipped map go through `check-map`'s code (loader plus the game's board checks)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    maps = _shipped_maps()
    assert maps
    edit = st.tuples(
        st.floats(0, 1, allow_nan=False, exclude_max=True),
        st.integers(0, 100),
        st.integers(0, 8),
        st.booleans(),
    )

    @settings(
        max_examples=120,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(source=st.sampled_from(maps), edits=st.lists(edit, min_size=1, max_size=3))
    def run(source, edits):
        _damaged_check(tmp_path_factory.mktemp("damaged"), source, edits)

    run()


def test_symlink_loops_in_a_folder_are_reported(tmp_path):
    """check-map on a folder holding a looping link names it instead of crashing."""
    (tmp_path / "a.tmx").symlink_to(tmp_path / "b.tmx")
    (tmp_path / "b.tmx").symlink_to(tmp_path / "a.tmx")
    problems = check_maps([tmp_path])
    assert [p.path.rsplit("/", 1)[-1] for p in problems] == ["a.tmx", "b.tmx"]
    assert all("symbolic link loop" in p.message for p in problems)
    [problem] = check_maps([tmp_path / "a.tmx"])
    assert "symbolic link loop" in problem.message


def _riot_board(folder: Path, polygons: dict[str, list[tuple[float, float]]]) -> Path:
    objects = "".join(
        f'<object id="{i + 1}" name="{name}" type="street" x="0" y="0">'
        '<properties><property name="area" value="a"/></properties>'
        f'<polygon points="{" ".join(f"{x:g},{y:g}" for x, y in points)}"/></object>'
        for i, (name, points) in enumerate(polygons.items())
    )
    path = folder / "riot.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'width="40" height="40" tilewidth="32" tileheight="32" infinite="0">'
        '<properties><property name="game" value="riot"/></properties>'
        f'<objectgroup id="1" name="spaces">{objects}</objectgroup></map>',
        encoding="utf-8",
    )
    return path


def test_riot_board_with_huge_polygons_does_bounded_work(tmp_path, monkeypatch):
    """Two 10,000-point spaces sharing a border: the shared-border search tests a few edge
    pairs near the border, not all 10^8 of them (that took 45 s)."""
    import riotsim.core.areagraph as ag

    n = 10_000
    border = [(500.0, 20 + i * 0.1) for i in range(n - 2)]
    west = [(20.0, border[-1][1]), (20.0, 20.0), *border]
    east = [*reversed(border), (980.0, 20.0), (980.0, border[-1][1])]
    tests = []
    real = ag._capsule_interval
    monkeypatch.setattr(ag, "_capsule_interval", lambda *a: tests.append(1) or real(*a))
    problems = check_maps([_riot_board(tmp_path, {"west": west, "east": east})])
    assert problems and all(p.path.endswith("riot.tmx") for p in problems)
    assert not any("crashed" in p.message or "intricate" in p.message for p in problems)
    assert 0 < len(tests) < 50_000  # all pairs: 10^8
    assert ag.touching_pairs({"west": west, "east": east}) == [("east", "west")]


def test_polygons_too_intricate_to_compare_give_a_message(tmp_path, monkeypatch):
    """The edge tests of one board are bounded; a board beyond the bound is refused by name."""
    import riotsim.core.areagraph as ag

    monkeypatch.setattr(ag, "MAX_EDGE_TESTS", 50)
    zig = [(100.0 + (i % 2), 100.0 + i * 0.5) for i in range(400)]
    west = [(0.0, zig[-1][1]), (0.0, 100.0), *zig]
    east = [*reversed(zig), (300.0, 100.0), (300.0, zig[-1][1])]
    problems = check_maps([_riot_board(tmp_path, {"west": west, "east": east})])
    [problem] = [p for p in problems if "intricate" in p.message]
    assert problem.path.endswith("riot.tmx")
    assert problem.place == "object 2 'east'"  # the place: the first space it names
    assert "'east' and 'west'" in problem.message and "fewer points" in problem.message


# -- check-data: lines for duplicate ids and unknown references, one parse per file -----------

CARDS = """\
cards:
  - id: apple
    cost: 1
  - id: pear
    cost: 2
  - id: apple
    cost: 3
heroes:
  - id: dez
    gear: none_such
"""


def test_duplicate_ids_and_unknown_references_get_their_lines(root, toys):
    """Games report cross-checks by id, by field path or by file alone: check-data finds the
    line (the second place of a repeated id) and prints the file as it prints every other."""
    cards = root / "data" / "alpha" / "cards.yaml"
    cards.parent.mkdir()
    cards.write_text(CARDS)
    absolute = str(cards)
    content = [
        Problem(absolute, "", "card id 'apple' appears twice"),
        Problem(absolute, "", "card id apple repeats"),
        Problem(absolute, "heroes[0].gear", "unknown gear 'none_such'"),
        Problem("data/alpha/cards.yaml", "", "card ids must be unique"),
        Problem(absolute, "hero dez", "needs a name"),
        Problem(absolute, "7", "already has a line"),
    ]
    toys("alpha", ToyRules("alpha", content))
    shown = [(p.place, p.message) for p in check_data(root)]
    assert shown == [
        ("6", "card id 'apple' appears twice"),
        ("6", "card id apple repeats"),
        ("10", "heroes[0].gear: unknown gear 'none_such'"),
        ("6", "card ids must be unique ('apple' again; first on line 2)"),
        ("9", "hero dez: needs a name"),
        ("7", "already has a line"),
    ]
    assert {p.path for p in check_data(root)} == {absolute}


def test_check_data_parses_each_file_once(root, toys, monkeypatch):
    import riotsim.core.content as content

    class Reader(ToyRules):
        def check_content(self) -> list[Problem]:
            content.read_yaml(root / "data" / "alpha" / "cards.yaml")
            return []

    (root / "data" / "alpha").mkdir()
    (root / "data" / "alpha" / "cards.yaml").write_text(CARDS)
    parsed = []
    real = content._read_yaml
    monkeypatch.setattr(content, "_read_yaml", lambda path: parsed.append(path.name) or real(path))
    toys("alpha", Reader("alpha"))
    toys("beta", Reader("beta"))
    assert check_data(root) == []
    assert sorted(parsed) == ["cards.yaml", "dice.yaml"]


# -- slow fuzz: damaged copies of the shipped maps and YAML through the real commands ---------

_HOSTILE = ["", "-1", "0", "1e9", "1000000000", "nan", "inf", "abc", "4294967295", "1.5"]
_HOSTILE += ["true", "../../x", "x" * 300, "&a", "*a", "<", '"', "\t", "\x00", "{", "[", ":"]
_HOSTILE += ["!!python/object:os.system", "2024-13-45", "1e400", "~", "[]", "{}", "- a", "\n"]
FUZZ_SECONDS = 20.0  # per input: generous, the commands finish in well under 2 s
FUZZ_MAPS = 400
FUZZ_YAML = 150


def _damage_text(text: str, rng: Any, values: str) -> str:
    """One of several kinds of damage, at a random place."""
    kind = 0 if rng.random() < 0.5 else rng.randrange(1, 6)
    spans = [m.span(1) for m in re.finditer(values, text)]
    token = rng.choice(_HOSTILE)
    if kind == 0 and spans:  # a value replaced
        start, end = rng.choice(spans)
        return text[:start] + token + text[end:]
    pos = rng.randrange(len(text) + 1)
    if kind == 1:  # a token inserted
        return text[:pos] + token + text[pos:]
    if kind == 2:  # a span deleted
        return text[:pos] + text[pos + rng.randrange(1, 200) :]
    if kind == 3:  # a span repeated (duplicate keys, ids, objects, layers)
        span = text[pos : pos + rng.randrange(1, 2000)]
        return text[:pos] + span * rng.randrange(2, 30) + text[pos:]
    if kind == 4:  # cut short
        return text[:pos]
    lines = text.splitlines(keepends=True)  # a line moved
    if len(lines) > 2:
        line = lines.pop(rng.randrange(len(lines)))
        lines.insert(rng.randrange(len(lines)), line)
    return "".join(lines)


def _run_cli(args: list[str]) -> tuple[int, str, float]:
    import contextlib
    import io
    import time

    from riotsim.cli import main

    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue() + err.getvalue(), time.perf_counter() - started


def _judge(code: int, output: str, seconds: float, names: list[str]) -> str:
    """ "" when the command behaved; else what went wrong."""
    if "Traceback" in output or "internal error" in output or "crashed" in output:
        return f"crash: {output.strip().splitlines()[-1][:200]}"
    if code not in (0, 1):
        return f"exit status {code}"
    if seconds > FUZZ_SECONDS:
        return f"took {seconds:.1f} s"
    problems = [line for line in output.splitlines() if line and not line.startswith("riotsim:")]
    if code == 1 and not any(name in line for line in problems for name in names):
        return f"no message names {names}: {output[:200]!r}"
    return ""


def fuzz_maps(folder: Path, count: int, seed: int) -> tuple[list[str], float]:
    """Check ``count`` damaged copies of shipped maps (or of their tilesets) with check-map;
    the failures and the longest check in seconds."""
    import random

    rng = random.Random(seed)
    maps = _shipped_maps()
    failures: list[str] = []
    slowest = 0.0
    for n in range(count):
        source = rng.choice(maps)
        work = folder / f"map{n}"
        # the whole maps folder: a map may use a tileset of another folder (the templates do)
        root = maps_root()
        shutil.copytree(root, work)
        path = work / source.relative_to(root)
        targets = [path] + [
            path.parent / t for t in re.findall(r'source="([^"]+\.tsx)"', path.read_text())
        ]
        target = rng.choice(targets)
        if rng.random() < 0.03:  # a tileset or map that is a looping link
            target.unlink()
            target.symlink_to(target)
        else:
            target.write_text(_damage_text(target.read_text(), rng, r'="([^"]*)"'))
        code, output, seconds = _run_cli(["check-map", str(path)])
        slowest = max(slowest, seconds)
        verdict = _judge(code, output, seconds, [source.name])
        if verdict:
            failures.append(f"{source.name} ({target.name} damaged, seed {seed}, #{n}): {verdict}")
        shutil.rmtree(work)
    return failures, slowest


def fuzz_yaml(folder: Path, count: int, seed: int) -> tuple[list[str], float]:
    """Check ``count`` content folders, each the shipped data with one YAML file damaged;
    the failures and the longest check in seconds."""
    import random

    from riotsim.paths import data_dir

    rng = random.Random(seed)
    files = sorted(p.relative_to(data_dir()) for p in data_dir().rglob("*.yaml"))
    failures: list[str] = []
    slowest = 0.0
    for n in range(count):
        root = folder / f"data{n}"
        shutil.copytree(data_dir(), root / "data")
        name = rng.choice(files)
        target = root / "data" / name
        if rng.random() < 0.03:
            target.unlink()
            target.symlink_to(target)
        else:
            text = target.read_text(encoding="utf-8")
            target.write_text(_damage_text(text, rng, r":[ ]+([^\n#]+)"), encoding="utf-8")
        code, output, seconds = _run_cli(["check-data", str(root)])
        slowest = max(slowest, seconds)
        verdict = _judge(code, output, seconds, [".yaml", ".yml", "riotsim/"])
        if verdict:
            failures.append(f"{name} (seed {seed}, #{n}): {verdict}")
        shutil.rmtree(root)
    return failures, slowest


@pytest.mark.slow
def test_fuzz_damaged_shipped_maps_and_yaml(tmp_path):
    """Issue 10, "Maps and content": damaged copies of every shipped map, tileset and YAML
    file go through `check-map` and `check-data`: a message naming the file, never a
    traceback, every input within FUZZ_SECONDS. Counts are in benchmarks/README.md."""
    map_failures, map_slowest = fuzz_maps(tmp_path, FUZZ_MAPS, seed=10)
    yaml_failures, yaml_slowest = fuzz_yaml(tmp_path, FUZZ_YAML, seed=10)
    print(
        f"fuzz: {FUZZ_MAPS} maps, {len(map_failures)} failures, slowest {map_slowest:.2f} s; "
        f"{FUZZ_YAML} content folders, {len(yaml_failures)} failures, slowest "
        f"{yaml_slowest:.2f} s"
    )
    assert not map_failures + yaml_failures, "\n".join(map_failures + yaml_failures)


def test_symlink_loops_in_content_give_messages(root, toys):
    """A YAML file that is a looping link, or a folder link back to its parent, gives a
    message naming the file; the folder walk does not go round forever."""
    data = root / "data"
    (data / "loop").symlink_to(data)
    (data / "a.yaml").symlink_to(data / "b.yaml")
    (data / "b.yaml").symlink_to(data / "a.yaml")
    (data / "dice.yaml").unlink()
    (data / "dice.yaml").symlink_to(data / "dice.yaml")
    problems = check_data(root)
    assert sorted(p.path.rsplit("/", 1)[-1] for p in problems) == ["a.yaml", "b.yaml", "dice.yaml"]
    assert all(p.message.startswith("symbolic link loop") for p in problems)


def test_a_huge_card_count_is_a_message_not_a_memory_error(tmp_path):
    """Found by the slow fuzz: a RIOT deck listing a card 1000000000 times built the list
    before checking its size. The count is bounded where it is read, with its line."""
    from riotsim.paths import data_dir

    shutil.copytree(data_dir(), tmp_path / "data")
    cards = tmp_path / "data" / "riot" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first = re.search(r"^    (\w+): (\d+)$", text, re.M)
    assert first is not None
    cards.write_text(text[: first.start(2)] + "1000000000" + text[first.end(2) :])
    line = text[: first.start()].count("\n") + 1
    problems = [p for p in check_data(tmp_path) if p.path.endswith("riot/cards.yaml")]
    assert [p.place for p in problems] == [str(line)]
    assert "must be at most 14 (got 1000000000)" in problems[0].message
