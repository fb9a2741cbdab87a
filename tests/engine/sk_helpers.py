"""Helpers for the Skarney rules tests: positions from the text notation, actions by code."""

from __future__ import annotations

from typing import Any

import engine

from .helpers import ids, one

GAME = "skarney"


def position(text: str, seats: int = 4, **extra: Any) -> engine.Game:
    """A Skarney position from the text notation (4 seats in partnerships unless told);
    `extra` adds keys the text cannot spell (options, an offer)."""
    spec = engine.parse_position(text)
    spec["seats"] = seats
    spec.update(extra)
    return engine.load_position(GAME, spec)


def meld_of(game: engine.Game, seat: int, *melds: str) -> dict[str, Any]:
    """A meld action from codes; a wild card written `JK=9H` declares its place."""
    used: list[int] = []
    out: list[Any] = []
    hand = [(c["code"], c["id"]) for c in game.view(seat)["hand"]]
    for text in melds:
        cards, declared = [], {}
        for token in text.split():
            code, _, means = token.partition("=")
            i = next(i for c, i in hand if c == engine.parse_card(code) and i not in used)
            used.append(i)
            cards.append(i)
            if means:
                declared[i] = means
        out.append({"cards": cards, "as": declared} if declared else cards)
    return {"type": "meld", "melds": out}


def lay(game: engine.Game, seat: int, meld: int, text: str) -> dict[str, Any]:
    code, _, means = text.partition("=")
    action: dict[str, Any] = {"type": "lay_off", "meld": meld, "cards": ids(game, seat, code)}
    if means:
        action["as"] = {action["cards"][0]: means}
    return action


def meld_ids(game: engine.Game, team: int) -> list[int]:
    return [m["id"] for m in game.view(None)["melds"] if m["team"] == team]


def meld_faces(game: engine.Game, mid: int) -> list[str]:
    """A meld's cards in table order, a declared wild card written `JK=9H`."""
    m = next(m for m in game.view(None)["melds"] if m["id"] == mid)
    means = m.get("as", {})
    return [c["code"] + (f"={means[c['id']]}" if c["id"] in means else "") for c in m["cards"]]


def card_in_meld(game: engine.Game, mid: int, code: str) -> int:
    m = next(m for m in game.view(None)["melds"] if m["id"] == mid)
    return next(c["id"] for c in m["cards"] if c["code"] == code)


def steal(game: engine.Game, seat: int, mid: int, wild: str, natural: str) -> dict[str, Any]:
    return {"type": "steal_wild", "meld": mid, "wild": card_in_meld(game, mid, wild),
            "card": one(game, seat, natural)}


def offer(game: engine.Game, seat: int, code: str) -> dict[str, Any]:
    return {"type": "offer", "card": one(game, seat, code)}


def kinds(game: engine.Game, seat: int) -> list[str]:
    return [e["type"] for e in game.legal(seat)]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def hand(game: engine.Game, seat: int) -> list[str]:
    return sorted(c["code"] for c in game.view(seat)["hand"])
