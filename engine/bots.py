"""Bots that sit at a table like a person: they see a view and answer with an action.

`random` picks uniformly among the action kinds the view's `legal` listing offers, then
uniformly among the concrete choices the listing gives for that kind. It never reads a
`Game`, so it can play over the network exactly as it plays in tests and benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from .listing import by_value, pick_blocks

T = TypeVar("T")


class Bot(Protocol):
    def act(self, view: dict[str, Any]) -> dict[str, Any]: ...


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomBot(...)"

    def choice(self, seq: Sequence[T]) -> T:
        """`self.rng.choice(seq)` bit for bit (an index below len(seq) from `getrandbits`,
        rejecting values out of range, as CPython's `Random` does), two calls cheaper:
        a bot picks about twice per action. A test checks it against `Random.choice`."""
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        legal = view["legal"]
        if not legal:
            raise ValueError("this view's seat has nothing to do now")
        entry = self.choice(legal)
        kind = entry["type"]
        build = self._BUILDERS.get(kind)
        if build is not None:
            return build(self, entry)
        # An entry with concrete `options` (actions the engine has checked): one of them.
        return dict(self.choice(entry["options"])) if "options" in entry else {"type": kind}

    def _answer(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"type": "answer", "answer": {"allow": self.choice(entry["choices"])}}

    def _take_pile(self, entry: dict[str, Any]) -> dict[str, Any]:
        return dict(self.choice(entry["options"]))

    def _discard(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"type": "discard", "card": self.choice(entry["cards"])}

    def _offer(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"type": "offer", "card": self.choice(entry["cards"])}

    def _lay_off(self, entry: dict[str, Any]) -> dict[str, Any]:
        target = self.choice(entry["targets"])
        action = {"type": "lay_off", "meld": target["meld"],
                  "cards": [self.choice(target["cards"])]}
        if "as" in target:  # a wild card that must say its place (one per such target)
            action["as"] = target["as"]
        return action

    def _meld(self, entry: dict[str, Any]) -> dict[str, Any]:
        if "options" in entry:  # concrete melds (a game whose first melds have a shape)
            return dict(self.choice(entry["options"]))
        blocks, need, limit = entry["blocks"], entry["min_count"], entry["max_cards"]
        order = self.rng.sample(blocks, self.rng.randint(1, len(blocks)))
        chosen = pick_blocks(order, need, limit) or pick_blocks(by_value(blocks), need, limit)
        assert chosen, "the listing offers a meld only when one can be built"
        return {"type": "meld", "melds": [list(b["cards"]) for b in chosen]}


    # The kinds that need more than their name, by kind: looked up once, not per action.
    _BUILDERS: ClassVar[dict[str, Callable[[RandomBot, dict[str, Any]], dict[str, Any]]]] = {
        "answer": _answer, "take_pile": _take_pile, "discard": _discard, "lay_off": _lay_off,
        "meld": _meld, "offer": _offer}


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bot(kind: str, seed: int, **settings: Any) -> Bot:
    """A bot of a level: ``random``, ``basic``, or ``search`` (``think_ms``: its time per
    decision, default 200)."""
    if kind == "basic" and kind not in BOTS:
        from .basic_bot import BasicBot  # (it builds on this module)

        BOTS["basic"] = BasicBot
    if kind == "search" and kind not in BOTS:
        from .search_bot import SearchBot

        BOTS["search"] = SearchBot  # type: ignore[assignment]
    if kind not in BOTS:
        raise ValueError(f"unknown bot kind {kind!r}; kinds are "
                         f"{', '.join(sorted({*BOTS, 'basic', 'search'}))}")
    return BOTS[kind](seed, **settings)  # type: ignore[call-arg]
