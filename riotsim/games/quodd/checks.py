"""``riotsim check-data`` for Quodd: every YAML file, every scenario's boards and objectives."""

from __future__ import annotations

from collections import Counter, deque

from riotsim.core.content import read_yaml, try_load, validate
from riotsim.core.problems import WARNING, ContentError, Problem
from riotsim.games.quodd import catalog, maps
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.directions import ORTHOGONAL, Cell, step
from riotsim.i18n import _
from riotsim.paths import data_dir

BLOCKING = ("wall", "impassable")


def check_content() -> list[Problem]:
    problems: list[Problem] = []
    folder = data_dir() / "quodd"
    heroes = try_load(folder / "heroes.yaml", catalog.HeroFile, problems)
    cards = try_load(folder / "cards.yaml", catalog.CardFile, problems)
    if heroes is not None:
        problems += _check_heroes(heroes, str(folder / "heroes.yaml"))
    if cards is not None:
        card_ids = [c.id for c in cards.cards]
        dupes = {i for i, n in Counter(card_ids).items() if n > 1}  # not ids.count: n^2
        for dupe in sorted(dupes):
            problems.append(
                Problem(
                    str(folder / "cards.yaml"), "", _("card id {dupe} repeats").format(dupe=dupe)
                )
            )
    world = try_load(folder / "world_events.yaml", catalog.WorldEventFile, problems)
    if world is not None:  # issue 13 part A (W6)
        problems += world_event_problems(world, str(folder / "world_events.yaml"))
    from riotsim.games.quodd import overlord  # issue 13 part B: the Overlord deck

    problems += overlord.check_file(folder / "overlord_cards.yaml", cards)
    path = folder / "scenarios.yaml"
    try:
        doc = read_yaml(path)
        scenarios = validate(doc, catalog.ScenarioFile)
    except ContentError as exc:
        return problems + exc.problems
    known_cards = {c.id for c in cards.cards} if cards is not None else set()
    ids = {s.id for s in scenarios.scenarios}
    for i, spec in enumerate(scenarios.scenarios):
        if spec.next is not None and spec.next not in ids:
            problems.append(
                doc.problem(
                    ["scenarios", i, "next"], _("unknown scenario {next}").format(next=spec.next)
                )
            )
        problems += _check_scenario(doc, i, spec, known_cards)
        problems += _check_characters(doc, i, spec)
    return problems


def _check_characters(doc, index: int, spec: catalog.ScenarioSpec) -> list[Problem]:
    """Character tokens name heroes of the box (issue 13 part C: buddies)."""
    problems = []
    for j, token in enumerate(spec.tokens):
        if token.hero is not None and token.hero not in catalog.heroes():
            where = ["scenarios", index, "tokens", j, "hero"]
            problems.append(doc.problem(where, _("unknown hero {hero}").format(hero=token.hero)))
    return problems


def _check_heroes(heroes: catalog.HeroFile, path: str) -> list[Problem]:
    problems = []
    seen: set[str] = set()
    for hero in heroes.heroes:
        for tile in hero.upgrades:
            if tile.id in seen:
                problems.append(
                    Problem(path, hero.id, _("upgrade tile id {id} repeats").format(id=tile.id))
                )
            seen.add(tile.id)
        problems += _unimplemented_icons(hero, path)
    return problems


def _unimplemented_icons(hero: catalog.HeroSpec, path: str) -> list[Problem]:
    """Spec I6: every icon on a hero's tiles is one the rules carry out."""
    from riotsim.games.quodd import abilities

    known = abilities.implemented_icons()
    return [
        Problem(
            path,
            f"{hero.id}.{tile.id}.{side}",
            _("icon {icon} is not implemented by the rules").format(icon=icon),
        )
        for tile in hero.upgrades
        for side in ("a", "b")
        for icon in tile.side(side).icons
        if icon not in known
    ]


def _check_scenario(doc, index: int, spec: catalog.ScenarioSpec, known_cards: set[str]):
    from riotsim.games.quodd import scenario

    loc = ["scenarios", index]
    problems: list[Problem] = []
    layouts = {}
    for j, placement in enumerate(spec.boards):
        if placement.board not in maps.board_ids():
            problems.append(
                doc.problem(
                    loc + ["boards", j, "board"],
                    _("no board map maps/quodd/{board}.tmx").format(board=placement.board),
                )
            )
            continue
        try:
            layouts[placement.board] = maps.load_layout(placement.board)
        except ContentError as exc:
            problems.extend(exc.problems)
    for j, card in enumerate(spec.removed_cards):
        if card not in known_cards:
            problems.append(
                doc.problem(loc + ["removed_cards", j], _("unknown card {card}").format(card=card))
            )
    for card, n in spec.added_cards.items():
        if card not in known_cards or not 1 <= n <= 12:
            problems.append(
                doc.problem(loc + ["added_cards", card], _("unknown card or count {n}").format(n=n))
            )
    if problems:
        return problems
    try:
        board = scenario.build_board(spec, layouts)
    except ValueError as exc:
        return [doc.problem(loc + ["boards"], str(exc))]
    problems += _check_beams(doc, loc, board)
    for j, token in enumerate(spec.tokens):
        cell = (token.at[0], token.at[1])
        where = loc + ["tokens", j]
        if not board.on_board(cell):
            problems.append(
                doc.problem(where, _("{cell} is off the composed board").format(cell=cell))
            )
        elif board.ground[cell] == "pit" or board.is_wall(cell) or board.is_impassable(cell):
            problems.append(
                doc.problem(
                    where,
                    _("{kind} at {cell} sits on a pit or wall").format(kind=token.kind, cell=cell),
                )
            )
        elif any(t.kind in ("respawn", "start") for t in board.at(cell)):
            problems.append(
                doc.problem(
                    where,
                    _("{kind} at {cell} covers a respawn/start").format(kind=token.kind, cell=cell),
                )
            )
    if len(board.find("bomb")) > 10:  # the box's ten bomb dice (our ruling B3)
        problems.append(doc.problem(loc + ["boards"], _("more than ten bombs on the boards")))
    starts = board.find("start")
    if len(starts) < spec.players[1]:
        problems.append(
            doc.problem(
                loc + ["players"],
                _("{players} players but {n} start squares").format(
                    players=spec.players[1], n=len(starts)
                ),
            )
        )
    problems += _check_objective(doc, loc, spec, board, starts)
    return problems


def _check_beams(doc, loc, board: Board) -> list[Problem]:
    """Spec 11.7: emitter and power-block links of the composed board have partners (links
    may cross boards); the beams are traced so that lit squares count as blocked below."""
    from riotsim.games.quodd import beams

    links: dict[str, dict[object, int]] = {"emitter": {}, "power_block": {}}
    for kind, seen in links.items():
        for cell in board.find(kind):
            for token in board.at(cell):
                link = token.get("link") if token.kind == kind else None
                if link is not None:
                    seen[link] = seen.get(link, 0) + 1
    problems = []
    for kind, other in (("emitter", "power_block"), ("power_block", "emitter")):
        for link in sorted(links[kind].keys() - links[other].keys(), key=str):
            text = _("a {kind} has link {link!r} but no {value} shares it").format(
                kind=kind, link=link, value=other.replace("_", " ")
            )
            problems.append(doc.problem(loc + ["boards"], text))
    beams.trace_quietly(board)
    return problems


def _check_objective(doc, loc, spec: catalog.ScenarioSpec, board: Board, starts: list[Cell]):
    problems: list[Problem] = []
    obj = spec.objective
    targets: list[Cell] = []
    if obj.type in ("rally", "escape"):
        numbers = {board.number(c, "rally"): c for c in board.find("rally")}
        need = obj.target if obj.type == "rally" else 1
        for n in range(1, need + 1):
            if n not in numbers:
                problems.append(
                    doc.problem(loc + ["objective"], _("rally marker {n} is missing").format(n=n))
                )
            else:
                targets.append(numbers[n])
    elif obj.type == "crystals":
        crystals = board.find("crystal")
        if len(crystals) < obj.target:
            problems.append(
                doc.problem(
                    loc + ["objective"],
                    _("{target} crystals needed, {n} placed").format(
                        target=obj.target, n=len(crystals)
                    ),
                )
            )
        drops = board.find("drop_zone")
        if not drops:
            problems.append(doc.problem(loc + ["objective"], _("no drop zone")))
        targets += crystals + drops
    elif obj.type == "sheep":
        flock = board.find("sheep")
        if len(flock) < obj.target:
            problems.append(
                doc.problem(
                    loc + ["objective"],
                    _("{target} sheep needed, {n} placed").format(target=obj.target, n=len(flock)),
                )
            )
        drops = board.find("drop_zone")
        if not drops:
            problems.append(doc.problem(loc + ["objective"], _("no drop zone")))
        targets += drops
    elif obj.type == "treasure":
        treasure = board.find("treasure")
        if len(treasure) < obj.target:
            problems.append(
                doc.problem(
                    loc + ["objective"],
                    _("{target} treasures needed, {n} placed").format(
                        target=obj.target, n=len(treasure)
                    ),
                )
            )
        targets += treasure
    elif obj.type == "loot":
        problems += _check_loot(doc, loc, spec, board)
        targets += board.find("treasure")
    if starts:
        reach = reachable(board, starts[0])
        for cell in targets:
            if cell not in reach:
                problems.append(
                    doc.problem(
                        loc + ["objective"],
                        _("objective square {cell} cannot be reached").format(cell=cell),
                    )
                )
        problems += _skill_reach_warnings(doc, loc, board, starts)
    return problems


def _skill_reach_warnings(doc, loc, board: Board, starts: list[Cell]) -> list[Problem]:
    """check-data warnings: objective squares some of the five skills alone cannot reach."""
    from dataclasses import replace

    from riotsim.games.quodd.reachcheck import unreachable_objectives

    found = unreachable_objectives(board, starts, "")
    where = loc + ["objective"]
    return [replace(doc.problem(where, w.message), severity=WARNING) for w in found]


def _check_loot(doc, loc: list, spec: catalog.ScenarioSpec, board: Board) -> list[Problem]:
    """A loot objective (spec R1) needs the treasure deck and treasure tokens to take."""
    from riotsim.games.quodd import treasure

    if not spec.treasure_cards:
        return [doc.problem(loc + ["objective"], _("a loot objective needs treasure_cards: true"))]
    best = sorted((c.value for c in treasure.cards().values()), reverse=True)
    most = sum(best[: len(board.find("treasure"))])
    if most < spec.objective.target:
        return [
            doc.problem(
                loc + ["objective"],
                _("{target} gems needed, at most {most} to find").format(
                    target=spec.objective.target, most=most
                ),
            )
        ]
    return []


def reachable(board: Board, start: Cell) -> set[Cell]:
    """Squares a hero can reach by steps and one-square jumps (over walls and pits)."""

    def standable(c: Cell) -> bool:
        return board.on_board(c) and not board.is_impassable(c) and not board.is_pit(c)

    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for d in ORTHOGONAL:
            near = step(cell, d)
            if standable(near) and not board.is_wall(near) and near not in seen:
                seen.add(near)
                queue.append(near)
            far = step(cell, d, 2)
            if (
                board.on_board(near)
                and not board.is_impassable(near)
                and standable(far)
                and far not in seen
            ):
                seen.add(far)
                queue.append(far)
    return seen


WORLD_DECK_SIZE = 34  # Contents: "World Event Deck (34 cards)"


def world_event_problems(world: catalog.WorldEventFile, path: str) -> list[Problem]:
    """The World Event deck (W6): unique ids and names, 34 cards in all, every effect one
    the rules carry out."""
    from riotsim.games.quodd import worldevents

    problems = []
    for what in ("id", "name"):
        counts = Counter(getattr(w, what) for w in world.world_events)
        for value in sorted(v for v, n in counts.items() if n > 1):
            problems.append(
                Problem(
                    path, "", _("world event {what} {value} repeats").format(what=what, value=value)
                )
            )
    total = sum(w.count for w in world.world_events)
    if total != WORLD_DECK_SIZE:
        problems.append(
            Problem(
                path,
                "",
                _("{total} world event cards, not {size}").format(
                    total=total, size=WORLD_DECK_SIZE
                ),
            )
        )
    for card in world.world_events:
        for effect in card.effects:
            if effect.do not in worldevents.START:
                problems.append(
                    Problem(path, card.id, _("effect {do} is not implemented").format(do=effect.do))
                )
    return problems
