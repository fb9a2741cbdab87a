"""Same-suit sequences and declared wild values in the family meld layer (`Rules.sequences`,
`ace_high`, `ace_low`; `Run`, `RunChange`; a meld's or lay-off's `as`). No game of the four
uses them yet (Skarney will): they are tested on the family checks and on a Hand and Foot
table whose rules allow sequences."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import engine
from engine.deck import pack_codes
from engine.hand_and_foot import HandAndFoot
from engine.melds import Change, MeldChecker, Run, RunChange, apply_run_change
from engine.rules import MELDABLE_RANKS, Rules

from .helpers import ids, position

IDS = {n: n for n in ("complete", "naturals_on_wild", "size", "shape")}
RULES = Rules(prefix="X", packs=1, jokers=2, hand_size=11, sequences=True, max_meld=None,
              wild_ranks=frozenset({"JK"}), wild_cap=1,
              meldable_ranks=MELDABLE_RANKS | {"2", "3"})
CODES = pack_codes(2, 4)


def card(code: str, nth: int = 0) -> int:
    return [i for i, c in enumerate(CODES) if c == code][nth]


def verdict(rules: Rules, cards: str, declared: dict[str, str] | None = None,
            onto: Run | None = None) -> str | None:
    """The first failing family check's sentence for these cards (`JK#1`: the second
    joker), after checking `passes` agrees with the named checks."""
    seen: dict[str, int] = {}
    added = []
    for code in cards.split():
        added.append(card(code, seen.get(code, 0)))
        seen[code] = seen.get(code, 0) + 1
    decl = tuple(sorted((card(k.split("#")[0], int(k.split("#")[1]) if "#" in k else 0), v)
                        for k, v in (declared or {}).items()))
    ch = RunChange(onto, tuple(added), decl)
    checker = MeldChecker(rules, CODES, IDS)
    named = next((msg for name in IDS if (msg := getattr(checker, name)(ch)) is not None),
                 None)
    assert checker.passes(ch) == (named is None)
    return named


def test_runs_of_one_suit_in_consecutive_places() -> None:
    assert verdict(RULES, "5H 6H 7H") is None
    assert verdict(RULES, "9C 10C JC QC KC AC") is None
    assert "one suit" in verdict(RULES, "5H 6S 7H")
    assert "follow one another" in verdict(RULES, "5H 6H 8H")
    assert "follow one another" in verdict(RULES, "5H 6H 6H")


def test_ace_high_or_low_as_the_rules_say() -> None:
    assert verdict(RULES, "QS KS AS") is None
    assert verdict(RULES, "AS 2S 3S") is not None
    low = dataclasses.replace(RULES, ace_low=True, ace_high=False)
    assert verdict(low, "AS 2S 3S") is None and verdict(low, "QS KS AS") is not None


def test_a_wild_card_in_a_run_must_be_declared_in_place() -> None:
    assert "say which card" in verdict(RULES, "5H JK 7H")
    assert verdict(RULES, "5H JK 7H", {"JK": "6H"}) is None
    assert "follow one another" in verdict(RULES, "5H JK 7H", {"JK": "8H"})
    assert "one suit" in verdict(RULES, "5H JK 7H", {"JK": "6S"})


def test_wild_cap_and_extending_a_run() -> None:
    run = apply_run_change(RunChange(None, (card("5H"), card("6H"), card("7H")), ()), 1, 0,
                           RULES, CODES)
    assert run.suit == "H" and run.rank == ""
    assert verdict(RULES, "8H", onto=run) is None
    assert verdict(RULES, "4H", onto=run) is None
    assert verdict(RULES, "9H", onto=run) is not None
    assert verdict(RULES, "JK", {"JK": "8H"}, onto=run) is None
    assert "at most 1 wild" in verdict(RULES, "5H JK JK", {"JK": "6H", "JK#1": "7H"})


class SequenceHF(HandAndFoot):
    """Hand and Foot with sequences allowed, for the action path (one run per team here,
    so HF-M6's one-unfinished-meld rule is left aside)."""

    def _check_whole(self, team: int, changes: list[Change]) -> None:
        pass


def table() -> engine.Game:
    game = position("turn: 1\nphase: play\nhands.1: 5H 6H 7H 8H 9S 10S JK 4C 4D 4S KD\n"
                    "melds.1: QC QD QS")
    runs = SequenceHF.from_dict(game.to_dict())
    runs.rules = dataclasses.replace(game.rules, sequences=True)
    return runs


def test_meld_and_lay_off_runs_through_actions() -> None:
    game = table()
    hand = {c["code"]: c["id"] for c in game.view(1)["hand"]}
    events = game.apply(1, {"type": "meld", "melds": [ids(game, 1, "5H 6H 7H")]})
    run_id = events[0]["meld"]
    view = next(m for m in game.view(None)["melds"] if m["id"] == run_id)
    assert view["suit"] == "H" and view["as"] == {}
    game.apply(1, {"type": "lay_off", "meld": run_id, "cards": [hand["JK"]],
                   "as": {str(hand["JK"]): "4H"}})
    view = next(m for m in game.view(None)["melds"] if m["id"] == run_id)
    assert view["as"] == {hand["JK"]: "4H"} and view["size"] == 4
    with pytest.raises(engine.IllegalAction) as e:
        game.apply(1, {"type": "lay_off", "meld": run_id, "cards": ids(game, 1, "9S")})
    assert e.value.rule == "HF-M2"
    game.apply(1, {"type": "lay_off", "meld": run_id, "cards": ids(game, 1, "8H")})
    again = type(game).from_dict(game.to_dict())
    again.rules = game.rules
    assert again.view(None)["melds"] == game.view(None)["melds"]


def test_declared_values_are_checked_as_input() -> None:
    game = table()
    hand: dict[str, Any] = {c["code"]: c["id"] for c in game.view(1)["hand"]}
    for bad in ({"99999": "6H"}, {str(hand["JK"]): "ZZ"}, ["6H"]):
        with pytest.raises(engine.InvalidAction):
            game.apply(1, {"type": "meld", "melds": [{"cards": [hand["5H"], hand["JK"],
                                                                hand["7H"]], "as": bad}]})
    game.apply(1, {"type": "meld", "melds": [{"cards": [hand["5H"], hand["JK"], hand["7H"]],
                                              "as": {hand["JK"]: "6H"}}]})
