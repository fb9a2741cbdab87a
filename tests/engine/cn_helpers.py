"""Helpers for the Canastone rules tests: positions from the text notation, actions by code."""

from __future__ import annotations

from typing import Any

import engine

from .helpers import _fresh, ids, one

GAME = "canastone"


def position(text: str, seats: int = 4, **extra: Any) -> engine.Game:
    """A Canastone position from the text notation (4 seats unless told); `extra` adds keys
    the text cannot spell (options)."""
    spec = engine.parse_position(text)
    spec["seats"] = seats
    spec.update(extra)
    return engine.load_position(GAME, spec)


def meld(game: engine.Game, seat: int, *groups: str) -> dict[str, Any]:
    """A meld action of the given groups of codes from the seat's hand."""
    used: list[int] = []
    return {"type": "meld", "melds": [_fresh(game, seat, g, used) for g in groups]}


def lay(game: engine.Game, seat: int, mid: int, codes: str) -> dict[str, Any]:
    return {"type": "lay_off", "meld": mid, "cards": ids(game, seat, codes)}


def discard(game: engine.Game, seat: int, code: str) -> dict[str, Any]:
    return {"type": "discard", "card": one(game, seat, code)}


def take(game: engine.Game, seat: int, cards: str, *melds: str) -> dict[str, Any]:
    used: list[int] = []
    action: dict[str, Any] = {"type": "take_pile", "cards": _fresh(game, seat, cards, used)}
    if melds:
        action["melds"] = [_fresh(game, seat, m, used) for m in melds]
    return action


def melds_of(game: engine.Game, team: int) -> list[dict[str, Any]]:
    return [m for m in game.view(None)["melds"] if m["team"] == team]


def meld_id(game: engine.Game, team: int, rank: str | None) -> int:
    found = [m["id"] for m in melds_of(game, team) if m["rank"] == rank]
    assert len(found) == 1, f"team {team} has {len(found)} melds of {rank}"
    return found[0]


def meld_view(game: engine.Game, team: int, rank: str | None) -> dict[str, Any]:
    mid = meld_id(game, team, rank)
    return next(m for m in game.view(None)["melds"] if m["id"] == mid)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def row(game: engine.Game) -> dict[str, Any]:
    return game.score_sheet[-1]


# Two canastas, natural and mixed, for team 0: going out is possible with a natural last card.
READY = "melds.0: KH KS KD KC KH KS KD | 8H 8S 8D 8C 8H 8S 2C"
