"""Sound is optional: no device means silence, never a failure and never ALSA noise on stderr."""

from __future__ import annotations

import os

import pygame
import pytest

from riotsim.ui import sound


@pytest.fixture
def no_device(monkeypatch, tmp_path):
    """A Linux machine with no sound server and no sound card, SDL left to choose a driver."""
    pygame.mixer.quit()
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.delenv("PIPEWIRE_REMOTE", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setattr(sound, "_SOUND_CARDS", tmp_path / "snd")
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(
        sound, "_state", {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}
    )
    yield
    pygame.mixer.quit()


def test_no_device_is_detected(no_device, tmp_path):
    assert not sound.device_available()
    (tmp_path / "snd").mkdir()
    (tmp_path / "snd" / "pcmC0D0p").touch()
    assert sound.device_available()


def test_a_sound_server_counts_as_a_device(no_device, tmp_path):
    (tmp_path / "run" / "pulse").mkdir(parents=True)
    (tmp_path / "run" / "pulse" / "native").touch()
    assert sound.device_available()


def test_without_a_device_the_mixer_is_not_opened(no_device, capfd):
    assert sound.init(True) is False
    assert pygame.mixer.get_init() is None
    assert sound.status() == "no sound device found"
    sound.play("click")  # silently nothing
    assert capfd.readouterr().err == ""


def test_sound_off_never_touches_the_mixer(no_device):
    assert sound.init(False) is False
    assert pygame.mixer.get_init() is None
    assert sound.status() == ""  # off is not a problem to report


def test_noise_from_c_libraries_goes_to_the_log_not_the_terminal(capfd, caplog):
    caplog.set_level("DEBUG", logger="riotsim.ui")
    with sound._captured_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    assert capfd.readouterr().err == ""
    assert "cannot find card" in caplog.text


def test_the_dummy_driver_opens_and_plays(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(
        sound, "_state", {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}
    )
    try:
        assert sound.init(True) is True
        sound.play("dice")
        assert sound.status() == ""
    finally:
        pygame.mixer.quit()


def test_the_app_opens_the_mixer_only_after_its_first_frame(monkeypatch, tmp_path):
    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    pygame.mixer.quit()
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    calls: list[int] = []
    app = App(size=(1024, 640), settings=Settings(sound=True), headless=True)
    monkeypatch.setattr(sound, "init", lambda enabled=True: calls.append(app.frame) or False)
    app.open_menu()
    assert calls == []  # building the window did not open the mixer
    assert app.run(frames=3) == 0
    assert calls == [1]


def test_settings_say_why_sound_is_silent(app, no_device):
    from riotsim.ui.scenes.settings import SettingsScene

    sound.init(True)
    scene = app.push(SettingsScene(app))
    app.tick(0.02)
    assert scene.sound.value and sound.status() == "no sound device found"


def test_playing_after_the_mixer_closed_is_silent_not_a_crash(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(
        sound, "_state", {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}
    )
    assert sound.init(True)
    sound.play("click")
    pygame.mixer.quit()  # e.g. pygame.quit() at the end of a run
    sound.play("click")
    assert sound.status() != ""


def test_the_reason_follows_the_language(monkeypatch, speak_italian):
    """Issue 17: the Settings screen's sound line is in the player's language, switched live,
    with the device's own words kept as they are."""
    pygame.mixer.quit()
    monkeypatch.setattr(
        sound, "_state", {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}
    )
    monkeypatch.setattr(sound, "device_available", lambda: True)

    def refuse(**_kw):
        raise pygame.error("ALSA: no card 0")

    monkeypatch.setattr(sound.pygame.mixer, "init", refuse)
    assert sound.init(True) is False
    assert sound.status() == "the sound device did not open (ALSA: no card 0)"
    failed = "the sound device did not open ({problem})"
    speak_italian({failed: "il dispositivo audio non si è aperto ({problem})"})
    assert sound.status() == "il dispositivo audio non si è aperto (ALSA: no card 0)"
