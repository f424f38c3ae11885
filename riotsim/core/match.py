"""A game in progress: rule set, setup, live state, action log, undo and (auto)saves.

The action log is the source of truth: a save stores the setup and the actions, and loading
replays them. Undo restores the position saved just before the last action (the same state a
replay of the shorter log gives, without replaying). Undo steps back one action at a time but
never over an action that revealed information (a die roll, a card draw) nor, when the game
hides information, over an action that handed the decision to another seat - unless the rule
set allows unlimited undo (solo).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import riotsim
from riotsim.core import registry
from riotsim.core.contract import (
    Action,
    Event,
    GameSetup,
    IllegalAction,
    Outcome,
    Ruleset,
    check_setup,
)
from riotsim.core.saves import FORMAT, SaveError, read_raw, write_save
from riotsim.i18n import _, ngettext


class Match:
    """Wraps a :class:`Ruleset`; see docs/DEVELOPING.md, "Match and saves"."""

    def __init__(
        self,
        ruleset: Ruleset[Any],
        setup: GameSetup,
        *,
        autosave_path: Path | None = None,
        start: Mapping[str, Any] | None = None,
        game_id: str | None = None,
    ):
        """``start`` is an optional position to begin from instead of ``new_state(setup)``
        (tutorials, tests); it is written into saves so they still replay. A setup whose
        options the rule set refuses raises :class:`SetupError` naming each problem."""
        check_setup(ruleset, setup)
        self.ruleset = ruleset
        self.setup = setup
        self.game_id = game_id or ruleset.id
        # Kept as text: the rules may keep (and later change) lists of the dict they are given.
        self._start_text = json.dumps(start) if start is not None else None
        self.state: Any = self._initial_state()
        self.log: list[Action] = []
        self.history: list[list[Event]] = []
        # Seat that decided each logged action, and a copy of the state just before it (for
        # undo): ``ruleset.copy`` shares nothing with the live state (the conformance suite
        # checks it), so no later action can change a kept copy. States before an action that
        # can never be undone are dropped (None) to save memory.
        self._movers: list[int | None] = []
        self._before: list[Any | None] = []
        self._kept_from = 0  # _before[:_kept_from] are all None
        self.autosave_path: Path | None = Path(autosave_path) if autosave_path else None
        self.last_autosave_error: str | None = None

    @classmethod
    def new(cls, game_id: str, setup: GameSetup, *, autosave_path: Path | None = None) -> Match:
        return cls(registry.get(game_id), setup, autosave_path=autosave_path, game_id=game_id)

    def _initial_state(self) -> Any:
        if self._start_text is not None:
            # a start position may come from a stranger's save: through the checked door
            return self.ruleset.load_position(json.loads(self._start_text), self.setup.seats)
        return self.ruleset.new_state(self.setup)

    # -- playing -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)

    def to_move(self) -> int | None:
        return self.ruleset.to_move(self.state)

    def outcome(self) -> Outcome:
        return self.ruleset.outcome(self.state)

    @property
    def movers(self) -> list[int | None]:
        """The seat that chose each logged action, in log order (read-only copy)."""
        return list(self._movers)

    def state_hash(self) -> str:
        return self.ruleset.state_hash(self.state)

    def describe(self, action: Action) -> str:
        return self.ruleset.describe(self.state, action)

    def apply(self, action: Action | str) -> list[Event]:
        """Validate and play ``action`` (raises IllegalAction), log it, autosave if set."""
        if isinstance(action, str):
            try:
                action = self.ruleset.parse_action(action)
            except ValueError as err:
                raise IllegalAction(_("cannot read the action: {err}").format(err=err)) from None
        mover = self.to_move()
        before = self.ruleset.copy(self.state)
        # Rule sets validate before they mutate; if one fails half-way (or crashes on a rules
        # bug) the state it left behind is discarded for the copy, so the game can go on.
        try:
            events = self.ruleset.apply(self.state, action)
        except IllegalAction:
            self.state = before
            raise
        except Exception as err:
            self.state = before
            if action not in self.ruleset.legal_actions(before):
                # a malformed action (wrong argument type, missing argument) that the rules
                # tripped over instead of refusing: still a refusal for the caller
                raise IllegalAction(
                    _("not a move the rules allow now ({name}: {err})").format(
                        name=type(err).__name__, err=err
                    ),
                    action,
                ) from err
            raise
        except BaseException:
            self.state = before
            raise
        self.log.append(action)
        self.history.append(list(events))
        self._movers.append(mover)
        self._before.append(before)
        if self.undo_blocker() is not None:
            # Undo stops here for good (a reveal or a hand-over cannot be taken back), so no
            # state up to this one will be restored again.
            for index in range(self._kept_from, len(self._before)):
                self._before[index] = None
            self._kept_from = len(self._before)
        self._autosave()
        return events

    # -- undo ----------------------------------------------------------------------------------
    def undo_blocker(self) -> str | None:
        """Why the last action cannot be taken back, or None if it can."""
        if not self.log:
            return _("nothing to undo")
        if self.ruleset.undo_unlimited(self.state):
            return None
        if any(event.reveals for event in self.history[-1]):
            return _("the last action revealed information (a roll or a card)")
        if self.ruleset.hidden_information and self._movers[-1] != self.to_move():
            return _("the last action passed the decision to another player")
        return None

    def can_undo(self) -> bool:
        return self.undo_blocker() is None

    def undo(self) -> None:
        """Take back the last action. Raises IllegalAction when :meth:`can_undo` is False."""
        reason = self.undo_blocker()
        if reason is not None:
            raise IllegalAction(_("cannot undo: {reason}").format(reason=reason))
        before = self._before.pop()
        assert before is not None  # only states undo can never reach are dropped
        self.state = before  # popped: no other reference to it is kept
        self._kept_from = min(self._kept_from, len(self._before))
        self.log.pop()
        self.history.pop()
        self._movers.pop()
        self._autosave()

    # -- saves -----------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "format": FORMAT,
            "riotsim": riotsim.__version__,
            "game": self.game_id,
            "saved_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            # The fields issue 2 names, at the top for people and tools; loading checks that
            # they agree with the setup, which also holds the players.
            "seed": self.setup.seed,
            "options": dict(self.setup.options),
            "map": self.setup.map,
            "scenario": self.setup.scenario,
            # lets the Load screen count the actions from the header alone
            "action_count": len(self.log),
            "setup": self.setup.to_json(),
            "actions": [str(a) for a in self.log],
            "snapshot": {
                "hash": self.state_hash(),
                "position": self.ruleset.to_position(self.state),
            },
        }
        if self._start_text is not None:
            payload["start"] = json.loads(self._start_text)
        if self.setup.map is not None and not is_shipped_map_id(self.setup.map):
            # a designer's map file: loading opens it only next to the save, with this hash
            from riotsim.core.mapfiles import located

            map_file = Path(self.setup.map)
            payload["map_file"] = {
                "name": map_file.name,
                "path": str(map_file.absolute()),
                # where it lies now: next to the save it was loaded from, maybe
                "sha256": file_sha256(Path(located(self.setup.map))),
            }
        return payload

    def save(self, path: Path) -> None:
        """Write an atomic save to ``path`` (raises SaveError)."""
        write_save(Path(path), self.to_save())

    def _autosave(self) -> None:
        if self.autosave_path is None:
            return
        try:
            self.save(self.autosave_path)
            self.last_autosave_error = None
        except SaveError as err:
            # A full disk must not end the game; the UI may show this message.
            self.last_autosave_error = str(err)

    @classmethod
    def load(
        cls,
        path: Path,
        *,
        autosave_path: Path | None = None,
        on_action: Callable[[int, Match, Action], None] | None = None,
    ) -> Match:
        """Rebuild a match by replaying a save's log; raises SaveError naming file and problem.

        ``on_action(index, match, action)`` is called before each action is replayed (the
        replay printer describes actions from the state they were played in)."""
        path = Path(path)
        raw = read_raw(path)
        game_id = raw["game"]
        try:
            ruleset = registry.get(game_id)
        except registry.UnknownRuleset:
            raise SaveError(
                _("{path}: unknown game {game_id!r}").format(path=path, game_id=game_id)
            ) from None
        except ImportError as err:
            raise SaveError(
                _("{path}: the rules of {game_id!r} cannot be loaded ({err})").format(
                    path=path, game_id=game_id, err=err
                )
            ) from None
        try:
            setup = GameSetup.from_json(raw["setup"])
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise SaveError(
                _("{path}: the game setup is malformed ({err!r})").format(path=path, err=err)
            ) from None
        setup = _trusted_map(path, raw, setup)
        start = raw.get("start")
        if start is not None and not isinstance(start, dict):
            raise SaveError(_("{path}: field 'start' must be a position object").format(path=path))
        try:
            match = cls(ruleset, setup, start=start, game_id=game_id)
        except SaveError:
            raise
        except Exception as err:  # the rule set rejected the setup
            raise SaveError(
                _("{path}: cannot start the saved game ({err})").format(path=path, err=err)
            ) from None
        for index, text in enumerate(raw["actions"]):
            try:
                action = ruleset.parse_action(text)
            except ValueError as err:
                raise SaveError(
                    _("{path}: action {index} ({text!r}) is unreadable: {err}").format(
                        path=path, index=index, text=text, err=err
                    )
                ) from None
            if on_action is not None:
                on_action(index, match, action)
            try:
                match.apply(action)
            except IllegalAction as err:
                raise SaveError(
                    _("{path}: action {index} ({text!r}) cannot be replayed: {reason}").format(
                        path=path, index=index, text=text, reason=err.reason
                    )
                ) from None
            except Exception as err:  # a rule set that crashes on a saved action
                raise SaveError(
                    _(
                        "{path}: action {index} ({text!r}) cannot be replayed: the rules "
                        "failed with {name}: {err}"
                    ).format(path=path, index=index, text=text, name=type(err).__name__, err=err)
                ) from None
        expected = raw["snapshot"]["hash"]
        actual = match.state_hash()
        if actual != expected:
            raise SaveError(
                ngettext(
                    "{path}: replaying {count} action gives state {actual}, but the save "
                    "recorded {expected} (edited save or changed rules)",
                    "{path}: replaying {count} actions gives state {actual}, but the save "
                    "recorded {expected} (edited save or changed rules)",
                    len(match.log),
                ).format(path=path, count=len(match.log), actual=actual, expected=expected)
            )
        match.autosave_path = Path(autosave_path) if autosave_path else None
        return match


_PLAIN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def is_shipped_map_id(map_id: str) -> bool:
    """A map named by id (``thunderhead``, ``city``): it can only mean a map riotsim ships (or
    a test registers), never a path that climbs out of the maps folder."""
    return _PLAIN_ID.fullmatch(map_id) is not None


def file_sha256(path: Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as err:
        raise SaveError(
            _("{path}: cannot read the map ({reason})").format(
                path=path, reason=err.strerror or err
            )
        ) from None


def _trusted_map(path: Path, raw: dict[str, Any], setup: GameSetup) -> GameSetup:
    """A save names its map: a shipped map by id, or a designer's map file recorded with its
    path and hash. The file is looked for next to the save first (a save sent with its map),
    then at the recorded path; either is used only if its contents have the recorded hash, so
    a save from a stranger can make riotsim read no map but the one it was played on."""
    if setup.map is None or is_shipped_map_id(setup.map):
        return setup
    record = raw.get("map_file")
    if (
        not Path(setup.map).name.endswith(".tmx")
        or not isinstance(record, dict)
        or not isinstance(record.get("name"), str)
        or not isinstance(record.get("sha256"), str)
    ):
        raise SaveError(
            _(
                "{path}: the save names the map {map!r}, which is neither a shipped "
                "map nor a map file recorded with its hash"
            ).format(path=path, map=setup.map)
        )
    name = Path(record["name"]).name  # a bare file name: nothing outside the save's folder
    recorded = record.get("path")
    places = [path.parent / name]
    if isinstance(recorded, str) and recorded.endswith(".tmx") and Path(recorded).is_absolute():
        places.append(Path(recorded))
    found = [place for place in places if name == Path(setup.map).name and place.is_file()]
    shown = recorded if isinstance(recorded, str) else name
    if not found:
        raise SaveError(
            _(
                "{path}: this game was played on the map file {shown}, which is gone: "
                "put that file next to the save (or back where it was)"
            ).format(path=path, shown=shown)
        )
    for place in found:
        if file_sha256(place) != record["sha256"]:
            continue
        if recorded == setup.map and place != Path(recorded):
            # the game goes on naming its recorded path: states and hashes hold it
            from riotsim.core.mapfiles import relocate

            relocate(recorded, place)
            return setup
        return dataclasses.replace(setup, map=str(place))
    raise SaveError(
        _(
            "{path}: this is not the map the game was played on: the file has "
            "changed since the game was saved (its contents differ); restore that "
            "version to load the game"
        ).format(path=found[0])
    )
