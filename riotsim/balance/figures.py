"""The figures of ``report.json``, computed from a batch's game records (no plotting here)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from riotsim.balance.collect import heat_layers
from riotsim.core import stats
from riotsim.i18n import N_

# English data in report.json; report.html shows them translated
LEADER_DEFINITION = N_(
    "the leader at mid-game is the one seat with the highest score (the rule set's outcome "
    "scores) after ply A // 2 of a game of A plies (actions); a tie at the top means no "
    "leader. Decisiveness is how often that leader is among the winners, over the games "
    "that had a leader at mid-game and ended with at least one winner."
)
FIRST_PLAYER_DEFINITION = N_(
    "turn order is the order in which seats started their first turn (the game's turn-start "
    "events); position 1 is the first player. A shared win counts for each winner."
)


def figures(batch: Any, records: list[dict[str, Any]], map_id: str | None) -> dict[str, Any]:
    """One map's report: ``records`` are its games' records (``batch.collect.play_one``)."""
    seats = len(batch.bots)
    return {
        "map": map_id,
        "games": len(records),
        # first and last seed played here (a run split by arena played has gaps)
        "seeds": [min(r["seed"] for r in records), max(r["seed"] for r in records)]
        if records
        else [],
        "win_rate": _win_rates(batch.bots, records),
        "turn_order": _turn_order(records, seats),
        "length": {
            "rounds": _length(records, "rounds"),
            "actions": _length(records, "actions"),
        },
        "decisiveness": _decisiveness(records),
        "endings": _endings(records),
        "mean_scores": _mean_scores(records, seats),
        "heat": _heat(batch.game, records),
    }


def _win_rates(bots: tuple[str, ...], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for seat, bot in enumerate(bots):
        wins = sum(1 for r in records if seat in r["winner"])
        out.append({"seat": seat + 1, "bot": bot, **stats.proportion(wins, len(records))})
    return out


def _turn_order(records: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    by_position = []
    for position in range(seats):
        played = [r for r in records if len(r["order"]) > position]
        wins = sum(1 for r in played if r["order"][position] in r["winner"])
        by_position.append({"position": position + 1, **stats.proportion(wins, len(played))})
    return {"definition": FIRST_PLAYER_DEFINITION, "by_position": by_position}


def _length(records: list[dict[str, Any]], key: str) -> dict[str, Any]:
    values = [r[key] for r in records]
    return {**stats.summary(values), "counts": stats.counts(values)}


def _decisiveness(records: list[dict[str, Any]]) -> dict[str, Any]:
    leaders = [(stats.leader(r["mid_scores"]), r["winner"]) for r in records]
    decided = [(seat, winners) for seat, winners in leaders if seat is not None and winners]
    held = sum(1 for seat, winners in decided if seat in winners)
    return {
        "definition": LEADER_DEFINITION,
        "level_at_mid_game": sum(1 for seat, _winner in leaders if seat is None),
        "leader_won": held,
        "games_with_leader_and_winner": len(decided),
        "rate": stats.rate(held, len(decided)),
        "ci95": list(stats.wilson(held, len(decided))),
    }


def _endings(records: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = Counter(stats.ending(r["winner"], r["reason"]) for r in records)
    return {
        "one_winner": kinds["win"],
        "shared_win": kinds["shared"],
        "no_winner": kinds["none"],
        "draws": kinds["shared"] + kinds["none"],
        "round_limit": sum(1 for r in records if stats.is_round_limit(r["reason"])),
        "action_cap": sum(1 for r in records if r.get("capped")),
        "reasons": dict(sorted(Counter(r["reason"] for r in records).items())),
    }


def _mean_scores(records: list[dict[str, Any]], seats: int) -> list[float]:
    scored = [r["scores"] for r in records if len(r["scores"]) == seats]
    return [stats.summary([s[seat] for s in scored])["mean"] for seat in range(seats)]


def _heat(game: str, records: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    out = {}
    for layer in heat_layers(game):
        tally = Counter(place for r in records for place in r["spots"].get(layer, ()))
        out[layer] = dict(sorted(tally.items()))
    return out


def split_by_map(records: list[dict[str, Any]]) -> dict[str | None, list[dict[str, Any]]]:
    """Records grouped by the map actually played (Riot Quest may choose its arena in play)."""
    groups: dict[str | None, list[dict[str, Any]]] = {}
    for record in records:
        groups.setdefault(record["map"], []).append(record)
    return groups
