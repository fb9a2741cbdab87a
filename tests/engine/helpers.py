"""Helpers for the Hand and Foot rules tests: positions from text, cards by code, refusals."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import IllegalAction
from engine.bots import make_bot

GAME = "hand_and_foot"


def position(text: str, **extra: Any) -> engine.Game:
    """A position from the text notation; `extra` adds keys the text cannot spell (options)."""
    spec = engine.parse_position(text)
    spec.update(extra)
    return engine.load_position(GAME, spec)


def ids(game: engine.Game, seat: int, codes: str) -> list[int]:
    """Ids of the cards with these codes in the seat's hand, as the seat's view shows them."""
    hand = [(c["code"], c["id"]) for c in game.view(seat)["hand"]]
    out: list[int] = []
    for code in engine.parse_cards(codes):
        found = next((i for c, i in hand if c == code and i not in out), None)
        assert found is not None, f"seat {seat} holds no (further) {code}: {hand_codes(game, seat)}"
        out.append(found)
    return out


def one(game: engine.Game, seat: int, code: str) -> int:
    return ids(game, seat, code)[0]


def hand_codes(game: engine.Game, seat: int) -> list[str]:
    return sorted(c["code"] for c in game.view(seat)["hand"])


def codes(text: str) -> list[str]:
    return sorted(engine.parse_cards(text))


def melds_of(game: engine.Game, team: int) -> list[dict[str, Any]]:
    return [m for m in game.view(None)["melds"] if m["team"] == team]


def meld_id(game: engine.Game, team: int, rank: str | None, complete: bool | None = None) -> int:
    """The id of the team's meld of `rank` (None: a wild meld); `complete` picks pile or not."""
    found = [m["id"] for m in melds_of(game, team) if m["rank"] == rank
             and (complete is None or m["complete"] == complete)]
    assert len(found) == 1, f"team {team} has {len(found)} melds of {rank}"
    return found[0]


def meld_codes(game: engine.Game, team: int) -> list[list[str]]:
    return sorted(sorted(c["code"] for c in m["cards"]) for m in melds_of(game, team))


def top(game: engine.Game) -> str | None:
    t = game.view(None)["discard"]["top"]
    return None if t is None else t["code"]


def assert_plain_sentence(message: str) -> None:
    """A refusal a player reads: one plain sentence, no code or data structure in it."""
    assert message and (message[0].isalpha() or message[0] == "'"), message
    assert message.endswith("."), message
    for bad in ("None", "[", "{", "Traceback", "HF-"):
        assert bad not in message, message


def refused(game: engine.Game, seat: int, action: dict[str, Any], rule: str) -> str:
    """The action is refused naming `rule`, by check and by apply, and nothing changes."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as checked:
        game.check(seat, action)
    assert checked.value.rule == rule, checked.value
    with pytest.raises(IllegalAction) as applied:
        game.apply(seat, action)
    assert applied.value.rule == rule, applied.value
    assert_plain_sentence(applied.value.message)
    assert game.to_dict() == before
    return applied.value.message


def draw(game: engine.Game, seat: int) -> list[dict[str, Any]]:
    return game.apply(seat, {"type": "draw"})


def meld(game: engine.Game, seat: int, *groups: str) -> list[dict[str, Any]]:
    return game.apply(seat, meld_action(game, seat, *groups))


def meld_action(game: engine.Game, seat: int, *groups: str) -> dict[str, Any]:
    used: list[int] = []
    melds = []
    for g in groups:
        got = _fresh(game, seat, g, used)
        melds.append(got)
    return {"type": "meld", "melds": melds}


def lay_off_action(game: engine.Game, seat: int, mid: int, cards: str) -> dict[str, Any]:
    return {"type": "lay_off", "meld": mid, "cards": ids(game, seat, cards)}


def discard_action(game: engine.Game, seat: int, code: str) -> dict[str, Any]:
    return {"type": "discard", "card": one(game, seat, code)}


def _fresh(game: engine.Game, seat: int, text: str, used: list[int]) -> list[int]:
    """Ids for `text` from the seat's hand, skipping ids already used in this action."""
    hand = [(c["code"], c["id"]) for c in game.view(seat)["hand"]]
    out = []
    for code in engine.parse_cards(text):
        found = next((i for c, i in hand if c == code and i not in used), None)
        assert found is not None, f"seat {seat} holds no (further) {code}"
        used.append(found)
        out.append(found)
    return out


def take_action(game: engine.Game, seat: int, cards: str, *, onto: int | None = None,
                lay_offs: list[tuple[int, str]] = (), melds: list[str] = ()) -> dict[str, Any]:
    used: list[int] = []
    action: dict[str, Any] = {"type": "take_pile", "cards": _fresh(game, seat, cards, used)}
    if onto is not None:
        action["onto"] = onto
    if lay_offs:
        action["lay_offs"] = [{"meld": m, "cards": _fresh(game, seat, c, used)}
                              for m, c in lay_offs]
    if melds:
        action["melds"] = [_fresh(game, seat, m, used) for m in melds]
    return action


def assert_listing_checks(game: engine.Game, seat: int) -> None:
    """Every concrete choice the listing offers passes `check` (blocks that reach the
    minimum count alone, each lay-off card alone, each discard, each take)."""
    for entry in game.legal(seat):
        kind = entry["type"]
        for option in entry.get("options", ()):  # concrete actions (takes, Skarney's melds)
            game.check(seat, option)
        if kind == "take_pile":
            pass
        elif kind == "lay_off":
            for target in entry["targets"]:
                for card in target["cards"]:
                    action = {"type": "lay_off", "meld": target["meld"], "cards": [card]}
                    if "as" in target:
                        action["as"] = target["as"]
                    game.check(seat, action)
        elif kind == "discard":
            for card in entry["cards"]:
                game.check(seat, {"type": "discard", "card": card})
        elif kind == "offer":
            for card in entry["cards"]:
                game.check(seat, {"type": "offer", "card": card})
        elif kind in ("steal_wild", "ask_to_go_out") or (kind == "meld" and "options" in entry):
            game.check(seat, make_bot("random", 0).act({"legal": [entry]}))
        elif kind == "meld":
            for block in entry["blocks"]:
                if block["points"] >= entry["min_count"] \
                        and len(block["cards"]) <= entry["max_cards"]:
                    game.check(seat, {"type": "meld", "melds": [block["cards"]]})
            bot = make_bot("random", len(entry["blocks"]))
            game.check(seat, bot.act({"legal": [entry]}))
        elif kind == "answer":
            for allow in entry["choices"]:
                game.check(seat, {"type": "answer", "answer": {"allow": allow}})
        else:
            game.check(seat, {"type": kind})
