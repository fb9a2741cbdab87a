"""Bots that sit at a table like a person: they see a view and answer with an action.

`random` picks uniformly among the action kinds the view's `legal` listing offers, then
uniformly among the concrete choices the listing gives for that kind. It never reads a
`Game`, so it can play over the network exactly as it plays in tests and benchmarks.
"""

from __future__ import annotations

import random
from typing import Any, Protocol


class Bot(Protocol):
    def act(self, view: dict[str, Any]) -> dict[str, Any]: ...


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomBot(...)"

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        legal = view["legal"]
        if not legal:
            raise ValueError("this view's seat has nothing to do now")
        entry = self.rng.choice(legal)
        kind = entry["type"]
        build = getattr(self, "_" + kind, None)
        return build(entry) if build else {"type": kind}

    def _answer(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"type": "answer", "answer": {"allow": self.rng.choice(entry["choices"])}}

    def _take_pile(self, entry: dict[str, Any]) -> dict[str, Any]:
        return dict(self.rng.choice(entry["options"]))

    def _discard(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"type": "discard", "card": self.rng.choice(entry["cards"])}

    def _lay_off(self, entry: dict[str, Any]) -> dict[str, Any]:
        target = self.rng.choice(entry["targets"])
        return {"type": "lay_off", "meld": target["meld"],
                "cards": [self.rng.choice(target["cards"])]}

    def _meld(self, entry: dict[str, Any]) -> dict[str, Any]:
        blocks, need, hand_limit = entry["blocks"], entry["min_count"], entry["max_cards"]
        chosen = [b for b in blocks if self.rng.random() < 0.5] or [self.rng.choice(blocks)]
        if not _fits(chosen, need, hand_limit):
            chosen = _greedy(blocks, need, hand_limit)
        return {"type": "meld", "melds": [list(b["cards"]) for b in chosen]}


def _fits(chosen: list[dict[str, Any]], need: int, max_cards: int) -> bool:
    return (sum(b["points"] for b in chosen) >= need
            and sum(len(b["cards"]) for b in chosen) <= max_cards)


def _greedy(blocks: list[dict[str, Any]], need: int, max_cards: int) -> list[dict[str, Any]]:
    chosen: list[dict[str, Any]] = []
    points = 0
    for b in sorted(blocks, key=lambda b: -b["points"] / len(b["cards"])):
        if points >= need:
            break
        chosen.append(b)
        points += b["points"]
    if sum(len(b["cards"]) for b in chosen) <= max_cards:
        return chosen
    return [next(b for b in blocks if b["points"] >= need and len(b["cards"]) <= max_cards)]


BOTS = {"random": RandomBot}


def make_bot(kind: str, seed: int) -> Bot:
    if kind not in BOTS:
        raise ValueError(f"unknown bot kind {kind!r}; kinds are {', '.join(sorted(BOTS))}")
    return BOTS[kind](seed)
