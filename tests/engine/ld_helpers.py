"""Helpers for the Looking and Down rules tests: positions from the text notation."""

from __future__ import annotations

from typing import Any

import engine

GAME = "looking_and_down"


def position(text: str, seats: int = 3, **extra: Any) -> engine.Game:
    """An LD position from the text notation; `extra` adds keys the text cannot spell
    (options, frozen seats, the final round)."""
    spec = engine.parse_position(text)
    spec["seats"] = seats
    spec.update(extra)
    return engine.load_position(GAME, spec)


def kinds(game: engine.Game, seat: int) -> list[str]:
    return [e["type"] for e in game.legal(seat)]


def event_types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def meld_kinds(game: engine.Game, seat: int) -> list[str]:
    return sorted(m["kind"] for m in game.view(None)["melds"] if m["team"] == seat)
