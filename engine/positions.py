"""Positions as text, so tests, puzzles and bug reports can state a situation exactly.

`load_position(name, spec)` builds a game from a spec dict (the contract's common keys
plus each game's own, see docs/engine.md). `format_position` / `parse_position` turn a
spec into a compact line-per-key text and back, in the spirit of FEN:

    deal_number: 1
    turn: 1
    phase: play
    hands.1: 7H 7S 2C
    melds.0: 8H 8S 8D | JK 5H 5S
    discard: 4H 9C KD
    stock: 40

Cards not named anywhere are dealt, in a seeded order, into counted zones (a stock or a
foot given as a number); what is left over is not part of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .cards import parse_cards
from .core import FamilyGame
from .deck import pack_codes
from .errors import InvalidAction
from .melds import Meld
from .registry import game_info


class CardPool:
    """Hands out ids for named codes and for unseen cards, checking the deck's composition."""

    def __init__(self, game: FamilyGame, named: Counter[str], seed: int) -> None:
        deck = Counter(pack_codes(game.rules.packs, game.rules.jokers))
        over = [c for c, n in named.items() if n > deck[c]]
        if over:
            raise InvalidAction("position", "the deck does not hold that many of "
                                + ", ".join(sorted(over)) + ".")
        unseen = list((deck - named).elements())
        rng = random.Random(f"position:{seed}")
        rng.shuffle(unseen)
        self.unseen = unseen
        self.codes: list[str] = []
        self.rng = rng

    def named(self, text: str) -> list[int]:
        return [self._add(c) for c in parse_cards(text)]

    def hidden(self, count: int) -> list[int]:
        if count > len(self.unseen):
            raise InvalidAction("position", f"only {len(self.unseen)} unseen cards are left, "
                                            f"not {count}.")
        return [self._add(self.unseen.pop()) for _ in range(count)]

    def rest(self) -> list[int]:
        return self.hidden(len(self.unseen))

    def zone(self, value: Any) -> list[int]:
        """A zone given as a count (filled with unseen cards) or as codes."""
        if value is None:
            return []
        if isinstance(value, int):
            return self.hidden(value)
        return self.named(value)

    def _add(self, code: str) -> int:
        self.codes.append(code)
        return len(self.codes) - 1

    def finish(self, game: FamilyGame) -> dict[int, int]:
        """Give the cards random ids (ids say nothing of a card's face or place)."""
        perm = list(range(len(self.codes)))
        self.rng.shuffle(perm)
        codes = [""] * len(perm)
        for old, new in enumerate(perm):
            codes[new] = self.codes[old]
        game.codes = codes
        return dict(enumerate(perm))


def _named_codes(spec: dict[str, Any]) -> Counter[str]:
    named: Counter[str] = Counter()

    def add(v: Any) -> None:
        if isinstance(v, str):
            named.update(parse_cards(v))
        elif isinstance(v, dict):
            for x in v.values():
                add(x)
        elif isinstance(v, list):
            for x in v:
                add(x)

    for key in ("hands", "discard", "stock", "feet", "downs", "red_threes",
                "face_down_under_pile"):
        add(spec.get(key))
    add([_meld_text(t)[0] for ts in _by_index(spec.get("melds")).values() for t in ts])
    return named


def _meld_text(text: str) -> tuple[str, dict[int, str]]:
    """A meld's codes, and what its wild cards stand for where written `JK=6H` (by place
    in the meld), as games with sequences write them."""
    codes, declared = [], {}
    for n, token in enumerate(text.split()):
        code, _, means = token.partition("=")
        codes.append(code)
        if means:
            declared[n] = parse_cards(means)[0]
    return " ".join(codes), declared


def _by_index(d: Any) -> dict[int, Any]:
    return {int(k): v for k, v in (d or {}).items()}


def load_position(name: str, spec: dict[str, Any]) -> FamilyGame:
    info = game_info(name)
    seats = spec.get("seats", info.seats[0])
    options = info.factory.validate_options(seats, spec.get("options"))
    game = info.factory._blank(seats, spec.get("seed", 0), options)
    pool = CardPool(game, _named_codes(spec), spec.get("seed", 0))
    hands = _by_index(spec.get("hands"))
    game.hands = [pool.zone(hands.get(s, "")) for s in range(seats)]
    game.discard = pool.zone(spec.get("discard", ""))
    melds: list[tuple[int, list[int], dict[int, str]]] = []
    for team, texts in sorted(_by_index(spec.get("melds")).items()):
        for text in texts:
            codes, declared = _meld_text(text)
            melds.append((team, pool.named(codes), declared))
    zones = game._load_extra(spec, pool)
    stock = spec.get("stock")
    stock_ids = pool.rest() if stock is None else pool.zone(stock)
    remap = pool.finish(game)

    def ids(xs: list[int]) -> list[int]:
        return [remap[x] for x in xs]

    game.hands = [ids(h) for h in game.hands]
    game.discard = ids(game.discard)
    game.stock = ids(stock_ids)[::-1]
    table: dict[int, Meld] = {}
    for n, (team, cards, declared) in enumerate(melds, start=1):
        cs = ids(cards)
        table[n] = game._position_meld(n, team, cs, {cs[k]: c for k, c in declared.items()})
    game.melds = table
    game.next_meld_id = len(melds) + 1
    for key, value in zones.items():
        setattr(game, key, [ids(v) for v in value])
    game.deal_number = spec.get("deal_number", 1)
    game.dealer = spec.get("dealer", 0)
    game.turn = spec.get("turn", (game.dealer + 1) % seats)
    game.phase = spec.get("phase", "draw")
    totals = _by_index(spec.get("totals"))
    game.totals = {t: totals.get(t, 0) for t in range(len(game.teams))}
    opened = _by_index(spec.get("opened"))
    game.opened = [opened.get(t, any(m.team == t for m in game.melds.values()))
                   for t in range(len(game.teams))]
    game._load_flags(spec)
    return game


def position_of(game: FamilyGame) -> dict[str, Any]:
    """The game's current position as a spec, hidden cards written out (for the host only)."""
    codes = game.codes

    def text(ids: list[int] | tuple[int, ...]) -> str:
        return " ".join(codes[i] for i in ids)

    spec: dict[str, Any] = {
        "seats": game.seats, "seed": game.seed, "dealer": game.dealer,
        "deal_number": game.deal_number, "turn": game.turn, "phase": game.phase,
        "hands": {s: text(game._sorted(h)) for s, h in enumerate(game.hands)},
        "melds": {t: [game._meld_text(m) for m in game.team_melds(t)]
                  for t in range(len(game.teams)) if game.team_melds(t)},
        "discard": text(game.discard),
        "stock": text(game.stock[::-1]),
        "totals": dict(game.totals),
        "opened": dict(enumerate(game.opened)),
    }
    spec.update(game._position_extra())
    return spec


# ---------------------------------------------------------------- the text form
def format_position(spec: dict[str, Any]) -> str:
    lines = []
    for key, value in spec.items():
        if isinstance(value, dict):
            for k, v in value.items():
                lines.append(f"{key}.{k}: {_fmt(v)}")
        else:
            lines.append(f"{key}: {_fmt(value)}")
    return "\n".join(lines)


def _fmt(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return " | ".join(str(x) for x in v) if v else "[]"
    return str(v)


def _val(key: str, text: str) -> Any:
    t = text.strip()
    if t == "null":
        return None
    if t in ("true", "false"):
        return t == "true"
    if t.lstrip("-").isdigit():
        return int(t)
    if key == "melds":
        return [] if t == "[]" else [p.strip() for p in t.split("|")]
    return t


def parse_position(text: str) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition(":")
        key = key.strip()
        if "." in key:
            outer, inner = key.split(".", 1)
            k: int | str = int(inner) if inner.lstrip("-").isdigit() else inner
            spec.setdefault(outer, {})[k] = _val(outer, value)
        else:
            spec[key] = _val(key, value)
    return spec
