"""riotsim.paths: content found from a source/editable checkout and from an installed wheel
(issue 2, "Project and set-up"), user folders under RIOTSIM_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest

import riotsim
import riotsim.paths as paths


@pytest.fixture
def fresh(monkeypatch):
    paths.content_root.cache_clear()
    yield monkeypatch
    paths.content_root.cache_clear()


def test_checkout_layout_uses_the_repository(fresh):
    repo = Path(riotsim.__file__).resolve().parents[1]
    assert paths.content_root() == repo
    assert paths.data_dir() == repo / "data"
    assert paths.maps_dir() == repo / "maps"
    assert paths.assets_dir() == repo / "assets"
    assert (paths.data_dir() / "dice.yaml").is_file()


def test_wheel_layout_uses_the_bundled_content(fresh, tmp_path):
    """In site-packages there is no pyproject.toml next to the package: the content comes
    from riotsim/_content, where the wheel puts it."""
    package = tmp_path / "site-packages" / "riotsim"
    for folder in ("assets", "maps", "data"):
        (package / "_content" / folder).mkdir(parents=True)
    fresh.setattr(paths, "_PACKAGE", package)
    assert paths.content_root() == package / "_content"
    assert paths.data_dir() == package / "_content" / "data"
    assert paths.maps_dir() == package / "_content" / "maps"


def test_a_data_folder_beside_the_package_without_pyproject_is_not_the_repository(fresh, tmp_path):
    package = tmp_path / "site-packages" / "riotsim"
    (package / "_content" / "data").mkdir(parents=True)
    (tmp_path / "site-packages" / "data").mkdir()  # some other distribution's data folder
    fresh.setattr(paths, "_PACKAGE", package)
    assert paths.content_root() == package / "_content"


def test_use_data_dir_reads_another_data_folder_for_a_while(tmp_path):
    shipped = paths.data_dir()
    with paths.use_data_dir(tmp_path) as folder:
        assert folder == tmp_path.resolve() == paths.data_dir()
    assert paths.data_dir() == shipped


def test_user_folders_follow_riotsim_home(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    assert paths.user_data_dir() == tmp_path / "data" and (tmp_path / "data").is_dir()
    assert paths.user_config_dir() == tmp_path / "config" and (tmp_path / "config").is_dir()


def test_user_folders_default_to_platformdirs(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("RIOTSIM_HOME", raising=False)

    def fake(kind):
        return lambda app, appauthor=None: str(tmp_path / f"{kind}-{app}-{appauthor}")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake("d"))
    monkeypatch.setattr(platformdirs, "user_config_dir", fake("c"))
    # no author folder: %LOCALAPPDATA%\\riotsim on Windows, as the README says
    assert paths.user_data_dir() == tmp_path / "d-riotsim-False"
    assert paths.user_config_dir() == tmp_path / "c-riotsim-False"
