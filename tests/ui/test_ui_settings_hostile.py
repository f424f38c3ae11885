"""Issue 10: a hostile settings.json, a second copy of the app writing at the same time, and a
user folder that cannot be written never bring the app down or lose the other copy's values."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
from dataclasses import replace
from pathlib import Path

import pytest

from riotsim.ui import settings as settings_module
from riotsim.ui.app import App
from riotsim.ui.settings import (
    MAX_BYTES,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from riotsim.ui.widgets.dialog import Dialog

HOSTILE_FIELDS = [
    ('{"width": Infinity, "height": 700}', "width"),
    ('{"width": -Infinity}', "width"),
    ('{"height": NaN}', "height"),
    ('{"width": 1e308, "height": 1e308}', "height"),
    ('{"width": 100000}', "width"),
    ('{"width": 0, "height": -5}', "width"),
    ('{"width": 1280.5}', "width"),
    ('{"ui_scale": NaN, "anim_speed": Infinity}', "anim_speed"),
    ('{"width": [1280], "fullscreen": "yes", "sound": null}', "fullscreen"),
    ('{"width": {"a": {"b": 1}}}', "width"),
    ('{"width": true}', "width"),
]


@pytest.mark.parametrize(("text", "field"), HOSTILE_FIELDS)
def test_broken_fields_get_their_defaults_and_are_named(tmp_path, text, field):
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded, problem = load_settings(path)
    raw = json.loads(text)
    for name, value in raw.items():
        if name in problem:
            assert getattr(loaded, name) == getattr(Settings(), name)
        else:
            assert getattr(loaded, name) == pytest.approx(value)
    assert field in problem and str(path) in problem
    assert replace(loaded).clamp() == loaded  # every value in range


WHOLE_FILE = {
    "not an object": b"[1, 2, 3]",
    "a string": b'"width"',
    "deep nesting": b"[" * 30_000 + b"]" * 30_000,  # under MAX_BYTES: refused for its depth
    "deep and huge": b"[" * 100_000 + b"]" * 100_000,
    "deep object": b'{"width": ' + b'{"a": ' * 50 + b"1" + b"}" * 51,
    "NUL bytes": b'{"width": 1280\x00, "height": 800}',
    "NUL in a string": b'{"width\x00": 1}',
    "binary": bytes(range(256)),
    "empty": b"",
    "a 5000-digit number": b'{"width": ' + b"9" * 5000 + b"}",
    "not UTF-8": b'{"width": "\xff\xfe"}',
}


@pytest.mark.parametrize("name", sorted(WHOLE_FILE))
def test_unreadable_file_gives_all_defaults_and_one_message(tmp_path, name):
    path = tmp_path / "settings.json"
    path.write_bytes(WHOLE_FILE[name])
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert problem and str(path) in problem and "defaults" in problem


def test_depth_is_refused_before_parsing(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"width": ' + b"[" * 30_000 + b"]" * 30_000 + b"}")
    monkeypatch.setattr(settings_module.json, "loads", lambda text: 1 / 0)
    loaded, problem = load_settings(path)
    assert loaded == Settings() and "nested 30001 levels deep" in problem
    brackets_in_strings = '{"width": 1300, "pad": "[[[[[[[[[[{{{{{{{{"}'
    path.write_text(brackets_in_strings, encoding="utf-8")
    monkeypatch.undo()
    assert load_settings(path) == (Settings(width=1300), None)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    with open(path, "wb") as handle:
        handle.write(b'{"width": 1300, "pad": "')
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB declared, nothing on disk
    asked: list[int] = []
    real_open = open

    class Counting:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def read(self, n=-1):
            asked.append(n)
            return self.handle.read(n)

    monkeypatch.setattr(
        settings_module, "open", lambda *a, **k: Counting(real_open(*a, **k)), raising=False
    )
    loaded, problem = load_settings(path)
    assert loaded == Settings() and "KiB" in problem and str(path) in problem
    assert asked == [MAX_BYTES + 1]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_not_read_at_all(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)  # opening it to read would wait for a writer forever
    loaded, problem = load_settings(path)
    assert loaded == Settings() and "not a regular file" in problem


def test_a_folder_named_settings_json(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    loaded, problem = load_settings(path)
    assert loaded == Settings() and "not a regular file" in problem


def test_app_starts_with_every_hostile_file_and_reports_once(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    settings_path().write_text('{"width": Infinity, "height": NaN, "sound": "loud"}')
    app = App(headless=True)
    assert app.size == (1280, 800)
    app.open_menu()
    app.run(frames=5)
    dialogs = [s for s in app.stack.scenes if isinstance(s, Dialog)]
    assert len(dialogs) == 1
    assert "width" in dialogs[0].message and "sound" in dialogs[0].message


# -- two copies of the app ----------------------------------------------------------------------


def _writer(path: str, field: str, start: int, count: int, errors) -> None:
    """One copy of the app: changes only ``field``, ``count`` times."""
    mine = Settings()
    for i in range(count):
        before = replace(mine)
        setattr(mine, field, start + i)
        try:
            save_settings(mine, Path(path), base=before)
        except Exception as exc:  # noqa: BLE001 - counted, the test fails on any
            errors.put(f"{field} {i}: {exc!r}")


def test_two_processes_writing_at_once_never_corrupt_or_lose_values(tmp_path):
    """Last writer wins, field by field: A changes the width, B the height, both at once."""
    path = tmp_path / "settings.json"
    save_settings(Settings(), path)
    count = 150
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.Queue()
    writers = [
        ctx.Process(target=_writer, args=(str(path), "width", 1000, count, errors)),
        ctx.Process(target=_writer, args=(str(path), "height", 600, count, errors)),
    ]
    for p in writers:
        p.start()
    seen = 0
    while any(p.is_alive() for p in writers):
        loaded, problem = load_settings(path)  # a reader, as a third copy starting up
        assert problem is None
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert set(raw) == {*Settings().__dict__, "format"}  # every field, and the format
        assert raw["width"] == 1280 or 1000 <= raw["width"] < 1000 + count
        assert raw["height"] == 800 or 600 <= raw["height"] < 600 + count
        seen += 1
    for p in writers:
        p.join(30)
        assert p.exitcode == 0
    failures = []
    while not errors.empty():
        failures.append(errors.get())
    assert failures == []
    final, problem = load_settings(path)
    assert problem is None
    assert (final.width, final.height) == (1000 + count - 1, 600 + count - 1)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == [] and seen > 0


def test_two_processes_changing_the_same_field_last_writer_wins(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(), path)
    count = 100
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.Queue()
    writers = [
        ctx.Process(target=_writer, args=(str(path), "width", 1000, count, errors)),
        ctx.Process(target=_writer, args=(str(path), "width", 2000, count, errors)),
    ]
    for p in writers:
        p.start()
    while any(p.is_alive() for p in writers):
        loaded, problem = load_settings(path)
        assert problem is None
        assert loaded.width == 1280 or any(s <= loaded.width < s + count for s in (1000, 2000))
    for p in writers:
        p.join(30)
        assert p.exitcode == 0
    assert errors.empty()
    assert load_settings(path)[0].width in (1000 + count - 1, 2000 + count - 1)


def test_temporary_names_are_unique_in_the_same_folder(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    used: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src, dst):
        used.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(settings_module.os, "replace", spy)
    save_settings(Settings(width=1300), path)
    save_settings(Settings(width=1400), path)
    assert used[0][0] != used[1][0]
    assert all(Path(src).parent == tmp_path and dst == str(path) for src, dst in used)


# -- a user folder that cannot be written -------------------------------------------------------


def _apply_some_change(app: App) -> None:
    app.apply_settings(replace(app.settings, sound=not app.settings.sound))


def _assert_plays_on_with_message(app: App, *words: str) -> None:
    app.tick(0.016)
    dialogs = [s for s in app.stack.scenes if isinstance(s, Dialog)]
    assert dialogs, "no message"
    text = dialogs[-1].message
    for word in words:
        assert word in text, text
    for _ in range(3):
        app.tick(0.016)
    assert app.running


def test_home_is_a_file(monkeypatch, tmp_path):
    home = tmp_path / "home"
    home.write_text("not a folder")
    monkeypatch.setenv("RIOTSIM_HOME", str(home))
    app = App(headless=True)
    assert app.settings == Settings()
    app.open_menu()
    app.run(frames=3)
    assert app.startup_message and "settings folder" in app.startup_message
    _apply_some_change(app)
    _assert_plays_on_with_message(app, "could not save the settings", "Play goes on")


def test_home_under_a_file_is_unwritable(monkeypatch, tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    monkeypatch.setenv("RIOTSIM_HOME", str(blocker / "home"))
    app = App(headless=True)
    app.open_menu()
    app.run(frames=3)
    _apply_some_change(app)
    _assert_plays_on_with_message(app, "could not save the settings")


def test_folder_that_refuses_writes(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    app = App(headless=True)
    app.open_menu()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(settings_path().parent))

    monkeypatch.setattr(settings_module.tempfile, "mkstemp", refuse)
    _apply_some_change(app)
    _assert_plays_on_with_message(app, "no permission", str(settings_path()))


def test_full_disk_keeps_the_old_file_and_says_so(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    save_settings(Settings(width=1440, height=900))
    app = App(headless=True)
    app.open_menu()

    def full(self, fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_module.os, "fsync", lambda fd: full(None, fd))
    _apply_some_change(app)
    _assert_plays_on_with_message(app, "the disk is full")
    assert load_settings() == (Settings(width=1440, height=900), None)
    assert [p.name for p in settings_path().parent.iterdir() if p.suffix == ".tmp"] == []
    assert app.settings.sound is False  # the change still applies for this session
