"""The app's screens: menu, load, setup, in-game host, pause, overlays, summary, settings."""
