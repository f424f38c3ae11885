"""Packaging (issue 2, "Project and set-up"): a built wheel carries assets/, maps/ and data/
inside the package, riotsim.paths finds them there, and the installed commands work.

The wheel is built once per test session with ``pip wheel . --no-deps`` (hatchling is fetched
into pip's isolated build environment). The install test puts the wheel into a fresh virtual
environment that borrows the dependencies from the environment running the tests (the one the
README's test command installed into), through a ``.pth`` file naming its site-packages, so it
needs no network and nothing installed on the machine beyond that environment. Folders a
``.pth`` file names are not site folders, so the editable install's own ``.pth`` hook there
stays inert and the wheel's copy of riotsim is the one imported. (Installing the wheel with its
dependencies from PyPI into a bare venv was checked by hand: see docs/foundation-coverage.md.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CONTENT = ("assets", "maps", "data")
IGNORED_PARTS = {"__pycache__", ".DS_Store"}

needs_git = pytest.mark.skipif(
    shutil.which("git") is None or not (REPO / ".git").exists(), reason="needs a git checkout"
)


def _build_wheel(source: Path, out: Path) -> tuple[Path | None, str]:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    wheels = sorted(out.glob("riotsim-*.whl"))
    if done.returncode != 0 or not wheels:
        return None, (done.stdout + done.stderr)[-3000:]
    return wheels[0], ""


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    built, log = _build_wheel(REPO, tmp_path_factory.mktemp("wheel"))
    assert built is not None, f"pip wheel failed:\n{log}"
    return built


def _content_files(root: Path) -> set[str]:
    """Every content file on disk, as it should appear inside the wheel."""
    out = set()
    for folder in CONTENT:
        for path in (root / folder).rglob("*"):
            if path.is_file() and not IGNORED_PARTS & set(path.parts):
                out.add(f"riotsim/_content/{path.relative_to(root).as_posix()}")
    return out


def test_wheel_carries_every_content_file_and_the_package(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = _content_files(REPO)
    assert "riotsim/_content/data/dice.yaml" in expected
    assert any(name.startswith("riotsim/_content/maps/") for name in expected)
    missing = sorted(expected - names)
    assert not missing, f"content missing from the wheel: {missing[:20]}"
    sources = {
        f"riotsim/{p.relative_to(REPO / 'riotsim').as_posix()}"
        for p in (REPO / "riotsim").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert not sorted(sources - names), "package modules missing from the wheel"
    # tests, benchmarks and tools stay out of the installed package
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "tools/"))]


def test_wheel_metadata_declares_the_command_and_the_dependencies(wheel):
    archive = zipfile.ZipFile(wheel)
    info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    metadata = archive.read(info).decode()
    entry_points = archive.read(info.replace("METADATA", "entry_points.txt")).decode()
    assert "riotsim = riotsim.cli:main" in entry_points
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = {
        line.split(":", 1)[1].strip().lower()
        for line in metadata.splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    }
    assert {r.lower() for r in project["dependencies"]} == declared
    for dist in ("pygame-ce", "pytmx", "PyYAML", "pydantic", "platformdirs", "pytweening"):
        assert any(r.startswith(dist) for r in project["dependencies"]), dist
    for dist in ("defusedxml", "tqdm"):
        assert any(r.startswith(dist) for r in project["dependencies"]), dist
    test_extra = project["optional-dependencies"]["test"]
    assert any(r.startswith("pytest") for r in test_extra)
    assert any(r.startswith("hypothesis") for r in test_extra)


def _installed(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the dependencies: this test run's own site-packages, after the venv's (see the docstring)
    borrowed = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(site) / "riotsim-test-deps.pth").write_text("\n".join(borrowed) + "\n")
    # pip installs the wheel's files only
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target"]
        + [site, str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return python


def test_installed_wheel_finds_its_content_and_runs(wheel, tmp_path):
    """From an installed wheel (not the repository), riotsim.paths resolves assets/maps/data
    inside the package, and check-data, check-map on a shipped map and --frames 2 exit 0."""
    python = _installed(tmp_path, wheel)
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "RIOTSIM_HOME": str(tmp_path / "home"),
        "PYTHONPATH": "",
    }

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), *args],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=elsewhere,
            env=env,
        )

    where = run(
        "-c",
        "import riotsim, riotsim.paths as p;"
        "print(riotsim.__file__); print(p.content_root());"
        "print(p.data_dir().is_dir(), p.maps_dir().is_dir(), (p.data_dir()/'dice.yaml').is_file())",
    )
    assert where.returncode == 0, where.stderr
    module, root, found = where.stdout.splitlines()
    assert Path(module).is_relative_to(tmp_path / "venv"), module
    assert Path(root) == Path(module).parent / "_content"
    assert found == "True True True"
    done = run("-m", "riotsim", "check-data")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "OK: shipped content, no problems"
    maps = sorted((Path(root) / "maps").rglob("*.tmx"))
    assert maps
    done = run("-m", "riotsim", "check-map", *map(str, maps))
    assert done.returncode == 0, done.stdout + done.stderr
    done = run("-m", "riotsim", "--frames", "2")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


@needs_git
def test_a_fresh_checkout_builds(tmp_path):
    """The README's commands start from a clone: only the files git tracks. A content folder
    that exists on this disk but not in git (an empty assets/, say) breaks the build there."""
    export = tmp_path / "checkout"
    export.mkdir()
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (export / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, export / name)
    untracked = [folder for folder in CONTENT if not (export / folder).is_dir()]
    built, log = _build_wheel(export, tmp_path / "wheel")
    assert not untracked, (
        f"{', '.join(untracked)} not in git: a fresh clone lacks the folder, and pyproject's "
        "force-include makes the build fail; track a file in it (e.g. assets/README.md)"
    )
    assert built is not None, f"pip wheel of a fresh checkout failed:\n{log}"
    names = set(zipfile.ZipFile(built).namelist())
    assert _content_files(export) <= names
