"""YAML content loading: every problem of a file, each with its line and field path."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field, RootModel, field_validator, model_validator

from riotsim.core.content import (
    display_path,
    format_loc,
    load_many,
    load_yaml,
    read_yaml,
    try_load,
)
from riotsim.core.problems import ContentError, Problem

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


class Terrain(StrEnum):
    open = "open"
    obstacle = "obstacle"
    barrier = "barrier"


class Weapon(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    range: int = Field(ge=0, le=12)


class Hero(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    spd: int = Field(ge=1, le=10)
    home: Terrain = Terrain.open
    weapons: list[Weapon] = []
    stats: dict[str, int] = {}

    @field_validator("id")
    @classmethod
    def _lower(cls, value: str) -> str:
        if value != value.lower():
            raise ValueError("must be lower case")
        return value


class Heroes(BaseModel):
    model_config = ConfigDict(extra="forbid")
    heroes: list[Hero]


class Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cards: list[str]
    size: int

    @model_validator(mode="after")
    def _size_matches(self) -> Deck:
        if len(self.cards) != self.size:
            raise ValueError(f"size says {self.size} but {len(self.cards)} cards are listed")
        return self


def write(tmp_path: Path, text: str, name: str = "f.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path, model: type[BaseModel]) -> list[Problem]:
    with pytest.raises(ContentError) as info:
        load_yaml(path, model)
    return info.value.problems


def test_valid_file_loads():
    heroes = load_yaml(FIXTURES / "heroes_ok.yaml", Heroes)
    assert [h.id for h in heroes.heroes] == ["dez", "rosa"]
    assert heroes.heroes[0].weapons[0].range == 1
    assert heroes.heroes[1].home is Terrain.obstacle


def test_every_problem_of_a_file_is_reported_with_its_line():
    problems = problems_of(FIXTURES / "heroes_bad.yaml", Heroes)
    shown = [(p.place, p.message) for p in problems]
    assert shown == [
        ("6", "heroes[1].spd: must be at most 10 (got 12)"),
        ("11", "heroes[1].weapons[1].range: must be at most 12 (got 40)"),
        # a missing field is reported on the line of the mapping that lacks it
        ("12", "heroes[2].id: required field is missing"),
        ("13", "heroes[2].home: must be 'open', 'obstacle' or 'barrier' (got 'lava')"),
        ("14", "heroes[2].colour: unknown field"),
    ]
    assert all(p.path.endswith("heroes_bad.yaml") for p in problems)


def test_problem_prints_as_file_line_field_message(tmp_path):
    path = write(tmp_path, "heroes:\n  - id: dez\n    spd: 0\n")
    (problem,) = problems_of(path, Heroes)
    assert str(problem) == f"{display_path(path)}:3: heroes[0].spd: must be at least 1 (got 0)"


def test_nested_dict_field_line(tmp_path):
    path = write(
        tmp_path,
        "heroes:\n  - id: dez\n    spd: 2\n    stats:\n      grit: 3\n      luck: lots\n",
    )
    (problem,) = problems_of(path, Heroes)
    assert problem.place == "6"
    assert problem.message.startswith("heroes[0].stats.luck: must be a valid integer")
    assert "(got 'lots')" in problem.message


def test_flow_style_lines(tmp_path):
    path = write(tmp_path, "heroes:\n  - {id: a, spd: 1}\n  - {id: b,\n     spd: 11}\n")
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == ("4", "heroes[1].spd: must be at most 10 (got 11)")


def test_custom_validator_message(tmp_path):
    path = write(tmp_path, "heroes:\n  - id: Dez\n    spd: 2\n")
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == ("2", "heroes[0].id: must be lower case (got 'Dez')")


def test_model_level_validator_names_the_mapping(tmp_path):
    path = write(tmp_path, "# deck\ncards: [a, b]\nsize: 3\n")
    (problem,) = problems_of(path, Deck)
    assert problem.place == "2"
    assert problem.message == "size says 3 but 2 cards are listed"


def test_syntax_error_gives_line_and_column(tmp_path):
    path = write(tmp_path, "heroes:\n  - id: dez\n    spd: [1, 2\n  - id: x\n")
    (problem,) = problems_of(path, Heroes)
    line, column = problem.place.split(":")
    assert int(line) in (3, 4) and int(column) >= 1
    assert "flow sequence" in problem.message


def test_tab_indentation_is_a_syntax_error(tmp_path):
    path = write(tmp_path, "heroes:\n\t- id: dez\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.place == "2:1"


def test_duplicate_keys_are_rejected(tmp_path):
    path = write(
        tmp_path,
        "heroes:\n  - id: dez\n    spd: 2\n    spd: 3\nheroes: []\n",
    )
    problems = problems_of(path, Heroes)
    assert [(p.place, p.message) for p in problems] == [
        ("4", "duplicate key 'spd' (first defined on line 3)"),
        ("5", "duplicate key 'heroes' (first defined on line 1)"),
    ]


def test_merge_keys_are_not_duplicates(tmp_path):
    path = write(
        tmp_path,
        "base: &b {id: dez, spd: 2}\nheroes:\n  - <<: *b\n    spd: 5\n",
    )

    class WithBase(Heroes):
        base: dict[str, object]

    heroes = load_yaml(path, WithBase)
    assert heroes.heroes[0].spd == 5 and heroes.heroes[0].id == "dez"


def test_unknown_field_at_top(tmp_path):
    path = write(tmp_path, "heroes: []\nvillains: []\n")
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == ("2", "villains: unknown field")


def test_missing_top_level_field(tmp_path):
    path = write(tmp_path, "# nothing useful\nother: 1\n")
    problems = problems_of(path, Heroes)
    assert ("2", "heroes: required field is missing") in [(p.place, p.message) for p in problems]


def test_file_that_is_not_a_mapping(tmp_path):
    path = write(tmp_path, "- id: dez\n- id: rosa\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.place == "1"
    assert "expected a mapping" in problem.message and "a list" in problem.message


def test_scalar_file_is_not_a_mapping(tmp_path):
    path = write(tmp_path, "just words\n")
    (problem,) = problems_of(path, Heroes)
    assert "expected a mapping" in problem.message


def test_empty_file(tmp_path):
    path = write(tmp_path, "# only a comment\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.message == "the file is empty; expected a mapping"


def test_root_model_accepts_a_list(tmp_path):
    path = write(tmp_path, "- a\n- b\n")
    assert load_yaml(path, RootModel[list[str]]).root == ["a", "b"]


def test_missing_file(tmp_path):
    (problem,) = problems_of(tmp_path / "nope.yaml", Heroes)
    assert problem.message == "file not found"
    assert problem.path.endswith("nope.yaml")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: caf\xe9\n")
    (problem,) = problems_of(path, Heroes)
    assert "not UTF-8" in problem.message


def test_control_characters_are_refused_with_place(tmp_path):
    path = write(tmp_path, 'heroes: []\nnote: "a\x00b"\n')
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == ("2:9", "character U+0000 is not allowed in YAML")


def test_impossible_date_is_a_problem_on_its_line(tmp_path):
    path = write(tmp_path, "heroes: []\nwhen:\n  - 2023-13-45\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.place == "3"
    assert problem.message == "cannot read '2023-13-45': month must be in 1..12"


def test_unhashable_key(tmp_path):
    path = write(tmp_path, "? [1, 2]\n: x\n")
    (problem,) = problems_of(path, Heroes)
    assert "unhashable key" in problem.message


def test_python_tags_are_refused(tmp_path):
    path = write(tmp_path, "heroes: !!python/object/apply:os.system ['echo hi']\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.place == "1:9"
    assert "python/object/apply" in problem.message


def test_several_documents_are_refused(tmp_path):
    path = write(tmp_path, "heroes: []\n---\nheroes: []\n")
    (problem,) = problems_of(path, Heroes)
    assert "single document" in problem.message


def test_alias_bomb_is_refused(tmp_path, monkeypatch):
    import riotsim.core.content as content

    monkeypatch.setattr(content, "MAX_EXPANDED_NODES", 1000)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 6):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    path = write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(ContentError) as info:
        read_yaml(path)
    assert "alias" in str(info.value)


def test_read_yaml_locates_fields_for_game_checks(tmp_path):
    path = write(tmp_path, "cards:\n  - id: a\n  - id: b\n    needs: zz\n")
    doc = read_yaml(path)
    problem = doc.problem(["cards", 1, "needs"], "names an unknown card 'zz'")
    assert (problem.place, problem.message) == ("4", "cards[1].needs: names an unknown card 'zz'")
    # a missing key falls back to the line of its parent
    assert doc.line(["cards", 0, "needs"]) == 2


def test_load_many_collects_problems_across_files(tmp_path):
    good = write(tmp_path, "heroes: [{id: a, spd: 1}]\n", "good.yaml")
    bad1 = write(tmp_path, "heroes: [{id: a, spd: 0}]\n", "bad1.yaml")
    bad2 = write(tmp_path, "heroes: [{id: a, spd: 1, x: 2}]\n", "bad2.yaml")
    loaded, problems = load_many([(good, Heroes), (bad1, Heroes), (bad2, Heroes)])
    assert list(loaded) == [good]
    assert [Path(p.path).name for p in problems] == ["bad1.yaml", "bad2.yaml"]


def test_try_load_appends(tmp_path):
    problems: list[Problem] = []
    assert try_load(tmp_path / "missing.yaml", Heroes, problems) is None
    assert len(problems) == 1


def test_format_loc():
    assert format_loc(("heroes", 3, "spd")) == "heroes[3].spd"
    assert format_loc((0, "a")) == "[0].a"
    assert format_loc(()) == ""


def test_display_path_is_relative_to_content_root():
    from riotsim.paths import data_dir

    assert display_path(data_dir() / "dice.yaml") == "data/dice.yaml"


def test_damaged_yaml_never_crashes(tmp_path_factory):
    """Random edits of a valid file: a model or a ContentError with problems, nothing else."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    original = (FIXTURES / "heroes_ok.yaml").read_text()
    pieces = ["\t", ":", "- ", "[", "]", "{", "}", "&a", "*a", "<<: *a", "!!str", "!!python/name:x"]
    pieces += ["\x00", "2023-13-45", "'", '"', "\n  ", "? ", "---\n", "%YAML 1.1\n", "999999999999"]
    edit = st.tuples(st.floats(0, 1, allow_nan=False), st.sampled_from(pieces), st.integers(0, 8))

    @settings(
        max_examples=200,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(edits=st.lists(edit, min_size=1, max_size=4))
    def run(edits):
        text = original
        for where, piece, cut in edits:
            pos = int(where * len(text))
            text = text[:pos] + piece + text[pos + cut :]
        path = tmp_path_factory.mktemp("yaml") / "h.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            load_yaml(path, Heroes)
        except ContentError as exc:
            assert exc.problems and all(isinstance(p, Problem) for p in exc.problems)

    run()


class Board(BaseModel):
    model_config = ConfigDict(extra="forbid")
    costs: dict[Terrain, int]
    rows: dict[int, str] = {}


def test_bad_dict_key_is_named(tmp_path):
    path = write(tmp_path, "costs:\n  open: 1\n  lava: 3\n")
    (problem,) = problems_of(path, Board)
    assert problem.place == "3"
    assert problem.message == (
        "costs.lava: key must be 'open', 'obstacle' or 'barrier' (got 'lava')"
    )


def test_numeric_mapping_keys_print_as_fields(tmp_path):
    path = write(tmp_path, "costs: {}\nrows:\n  0: ok\n  1: [x]\n")
    (problem,) = problems_of(path, Board)
    assert (problem.place, problem.message) == ("4", "rows.1: must be a valid string (got a list)")


# -- strict scalar types, the C loader, one parse per file -----------------------------------


class Typed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count: int = 0
    flag: bool = False
    ratio: float = 0.0
    label: str = ""
    home: Terrain = Terrain.open
    pair: tuple[int, int] = (0, 0)


@pytest.mark.parametrize(
    "text, message",
    [
        ("count: true", "count: must be a valid integer (got True)"),
        ('count: "3"', "count: must be a valid integer (got '3')"),
        ("count: 3.0", "count: must be a valid integer (got 3.0)"),
        ('flag: "yes"', "flag: must be a valid boolean (got 'yes')"),
        ("flag: 1", "flag: must be a valid boolean (got 1)"),
        ('ratio: "0.5"', "ratio: must be a valid number (got '0.5')"),
        ("label: 12", "label: must be a valid string (got 12)"),
    ],
)
def test_wrong_scalar_types_are_problems_not_coerced(tmp_path, text, message):
    """A bool where an int belongs, a quoted number, 3.0 for an int: each is a problem on its
    line (lax pydantic would have turned them into 1, 3 and 3)."""
    path = write(tmp_path, f"pair: [1, 2]\n{text}\n")
    (problem,) = problems_of(path, Typed)
    assert (problem.place, problem.message) == ("2", message)


def test_strict_types_keep_enum_values_tuples_and_int_floats(tmp_path):
    path = write(tmp_path, "count: 3\nratio: 2\nhome: barrier\npair: [1, 2]\nflag: true\n")
    typed = load_yaml(path, Typed)
    assert (typed.count, typed.ratio, typed.home, typed.pair) == (3, 2.0, Terrain.barrier, (1, 2))
    assert typed.flag is True


def test_dates_still_load_outside_strict_json(tmp_path):
    class Dated(BaseModel):
        when: object = None
        count: int = 0

    assert load_yaml(write(tmp_path, "when: 2024-01-02\ncount: 2\n"), Dated).count == 2


def test_the_c_loader_is_used_when_pyyaml_has_it():
    import yaml

    import riotsim.core.content as content

    expected = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
    assert content._LOADER is expected


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
def test_both_loaders_give_the_same_places(tmp_path, monkeypatch, loader):
    import yaml

    import riotsim.core.content as content

    if not hasattr(yaml, loader):
        pytest.skip("PyYAML without libyaml")
    monkeypatch.setattr(content, "_LOADER", getattr(yaml, loader))
    path = write(tmp_path, 'heroes: []\nnote: "é\x01b"\n')
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == ("2:9", "character U+0001 is not allowed in YAML")
    path = write(tmp_path, "heroes:\n  - id: dez\n    spd: [1\n")
    (problem,) = problems_of(path, Heroes)
    assert problem.place.startswith(("3:", "4:")) and ":" in problem.place
    path = write(tmp_path, "heroes:\n  - id: dez\n    spd: 0\n    spd: 2\n")
    (problem,) = problems_of(path, Heroes)
    assert (problem.place, problem.message) == (
        "4",
        "duplicate key 'spd' (first defined on line 3)",
    )


def test_parse_once_reads_an_unchanged_file_once(tmp_path, monkeypatch):
    import riotsim.core.content as content

    parsed = []
    real = content._read_yaml
    monkeypatch.setattr(content, "_read_yaml", lambda path: parsed.append(path) or real(path))
    good = write(tmp_path, "heroes: []\n")
    bad = write(tmp_path, "a: 1\na: 2\n", "bad.yaml")
    with content.parse_once():
        for _ in range(3):
            assert read_yaml(good).data == {"heroes": []}
            with pytest.raises(ContentError):
                read_yaml(bad)
    assert parsed == [good, bad]
    read_yaml(good)  # outside the block: parsed again
    assert len(parsed) == 3


TRICKY_YAML = [
    "a: 1.5\nb: -2.\nc: .5e3\nd: 1e3\ne: .inf\nf: 0x1f\ng: 0o17\nh: 017\ni: 1_000\n"
    'j: 190:20:30\nk: 2024-01-02\nl: yes\nm: Off\nn: ~\no: ""\np: !!set {a, b}\n'
    "q: !!binary aGVsbG8=\nr: [1, {x: y}]\ns: -0\nt: +7\nu: 1.0e+3\n",
    "base: &b {x: 1, y: 2}\nother: &o {y: 3, z: 4}\nm1:\n  <<: *b\n  y: 9\n"
    "m2:\n  <<: [*o, *b]\nm3:\n  <<: [*b, *o]\n  w: 0\nm4:\n  <<: {<<: *o, q: 1}\n",
    "a: &a [1, 2]\nb: *a\nc: {? x : 1}\n= : v\n",
    '- &x {a: 1}\n- *x\n- !!omap [{a: 1}]\n- !!pairs [{a: 1}]\n- !!str 12\n- !!int "12"\n',
]


@pytest.mark.parametrize("text", TRICKY_YAML)
def test_fast_construction_matches_pyyaml(tmp_path, text):
    """The data read_yaml builds is what PyYAML's safe_load builds, tag by tag."""
    import yaml

    assert read_yaml(write(tmp_path, text)).data == yaml.load(text, Loader=yaml.SafeLoader)


def test_fast_construction_matches_pyyaml_on_shipped_content():
    import yaml

    from riotsim.paths import data_dir

    files = sorted(data_dir().rglob("*.yaml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert read_yaml(path).data == yaml.load(text, Loader=yaml.SafeLoader), path


def test_aliases_within_bounds_are_not_a_bomb(tmp_path, monkeypatch):
    """The alias bound counts nodes beyond those the file holds: a big file that merges a
    small mapping into every item is fine, an exponential one is not."""
    import riotsim.core.content as content

    monkeypatch.setattr(content, "MAX_EXPANDED_NODES", 5000)
    items = "".join(f"  - {{<<: *base, id: i{n}}}\n" for n in range(600))
    path = write(tmp_path, "base: &base {kind: x, tags: [a, b]}\nitems:\n" + items)
    assert len(read_yaml(path).data["items"]) == 600
