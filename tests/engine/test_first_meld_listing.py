"""A first meld the hand can make is in the listing (HF-I1, LD-I1, CN-I2).

A seat's screen offers to meld only when the listing has a meld, so a first meld that
reaches the minimum count but is missing from the listing is a meld the player cannot
make at all. Seen: with one wild card, 9S 9C and AH AC, the listing gave the wild card to
the nines (40 of 50) and offered nothing; KC KD KH and a joker (80) were not offered
either, the joker being kept out of a group of three naturals."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.cards import rank_of

from . import cn_helpers, ld_helpers
from .helpers import position as hf_position


def meld_entry(game: engine.Game, seat: int) -> dict[str, Any] | None:
    return next((e for e in game.legal(seat) if e["type"] == "meld"), None)


def random_bots_meld(game: engine.Game, seat: int) -> None:
    """The listing's meld, as the random bot builds it, passes the engine's check."""
    entry = meld_entry(game, seat)
    assert entry is not None
    action = make_bot("random", 1).act({"seat": seat, "legal": [entry]})
    game.check(seat, action)


def test_HF_I1_the_wild_card_completes_the_pair_that_reaches_the_minimum() -> None:
    game = hf_position("turn: 0\nphase: play\nhands.0: 9S 9C AH AC 2S 5D 7H 8C\n"
                       "opened.0: false")
    random_bots_meld(game, 0)


def test_LD_I1_the_wild_card_completes_the_pair_that_reaches_the_minimum() -> None:
    game = ld_helpers.position("turn: 1\nphase: play\n"
                               "hands.1: 9S 9C 3H 5S 8D KC JD 6S 10H 5C AH AC 2S\nstock: 30")
    random_bots_meld(game, 1)


def test_LD_I1_a_joker_joins_three_naturals_to_reach_the_minimum() -> None:
    game = ld_helpers.position("turn: 1\nphase: play\n"
                               "hands.1: KC KD KH JK 4S 5D 7H 8C 9S 10D\nstock: 30")
    random_bots_meld(game, 1)


def test_CN_I2_the_wild_card_completes_the_pair_that_reaches_the_minimum() -> None:
    game = cn_helpers.position("phase: draw\nturn: 0\nstock: 20\n"
                               "hands.0: 9S 9C AH AD 2C 5D 7H 8C 4S 6D\n")
    random_bots_meld(game, 0)


def plausible_melds(hand: list[dict[str, Any]], wild_ranks: set[str]) -> list[list[list[int]]]:
    """Melds of one rank with up to three wild cards, alone, in pairs and in threes."""
    by: dict[str, list[int]] = {}
    wilds: list[int] = []
    for c in hand:
        r = rank_of(c["code"])
        (wilds if r in wild_ranks else by.setdefault(r, [])).append(c["id"])
    one = [ids + wilds[:w] for ids in by.values() for w in range(min(len(wilds), 3) + 1)
           if len(ids) + w >= 3]
    two = [[a, b] for a, b in itertools.combinations(one, 2) if not set(a) & set(b)]
    three = [[a, b, c] for a, b, c in itertools.combinations(one, 3)
             if not (set(a) & set(b) or set(a) & set(c) or set(b) & set(c))]
    return [[m] for m in one] + two + three[:100]


@pytest.mark.parametrize(("name", "seats", "options", "phases"), [
    ("hand_and_foot", 4, None, ("play",)),
    ("looking_and_down", 4, {"max_deals": 1}, ("play",)),
    ("canastone", 4, {"max_deals": 1}, ("draw",)),
])
def test_a_first_meld_that_passes_the_check_is_listed(
        name: str, seats: int, options: dict[str, Any] | None, phases: tuple[str, ...]
) -> None:
    """Random-bot games; wherever a seat could meld first but is offered no meld, a few
    plausible melds are put to `check`: none may pass."""
    for seed in range(3):
        game = engine.create_game(name, seats, seed, options)
        bots = [make_bot("random", seed * 10 + s) for s in range(seats)]
        for _ in range(1500):
            if game.over:
                break
            seat = next(s for s in sorted(game.to_act) if game.legal(s))
            view = game.view(seat)
            if view["phase"] in phases and meld_entry(game, seat) is None:
                wild = set(view.get("wild_ranks") or ())
                for melds in plausible_melds(view["hand"], wild):
                    with pytest.raises(engine.EngineError):
                        game.check(seat, {"type": "meld", "melds": melds})
            game.apply(seat, bots[seat].act(view))


def test_HF_I1_a_first_take_of_the_pile_gives_the_wild_card_to_the_richer_pair() -> None:
    # Deal 2: 90 to reach. KS (top) KD KC 30, and AH AC 2C 60; 5D 5H 2C would be 30.
    game = hf_position("deal_number: 2\nturn: 0\nphase: draw\n"
                       "hands.0: 5D 5H AH AC 2C KD KC 9S\ndiscard: 7H KS\nopened.0: false")
    take = next((e for e in game.legal(0) if e["type"] == "take_pile"), None)
    assert take is not None
    game.check(0, take["options"][0])
