"""Skarney: the listing offers the contract whenever the hand can make it (SK-I2).

A seat's screen offers to meld only when the listing has a `meld` entry, so a contract the
hand can make but the listing misses is a contract the player cannot make at all."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

from .helpers import refused
from .sk_helpers import kinds, meld_of, position

OPEN = """turn: 0
phase: play
deal_number: {deal}
hands.0: {hand}
hands.1: 9H 9C
hands.2: 10C 10D
hands.3: QD QH
stock: 30"""


def listed_contract(game: engine.Game) -> dict[str, Any] | None:
    entry = next((e for e in game.legal(0) if e["type"] == "meld"), None)
    return entry["options"][0] if entry else None


def test_SK_I2_two_groups_of_one_rank_are_listed() -> None:
    # Seen at a table: 3S 3S 3H 3H 3C 3C 7S 8S 9S could not be melded from the screen.
    game = position(OPEN.format(deal=1, hand="3S 3S 3H 3H 3C 3C 6H 7S 8S 9S AH"))
    option = listed_contract(game)
    assert option is not None
    game.apply(0, option)
    assert game.view(None)["down"][0] is True


def test_SK_I2_two_sequences_alike_are_listed() -> None:
    game = position(OPEN.format(deal=1, hand="7S 7S 8S 8S 9S 9S KD KD KC 4H"))
    assert listed_contract(game) is not None


def test_SK_I2_four_of_a_rank_and_two_wild_cards_make_two_groups() -> None:
    # 7S 7H JK and 7D 7C 2C: each group holds one wild card (SK-M5).
    game = position(OPEN.format(deal=1, hand="7S 7H 7D 7C JK 2C KC KD KS 4H"))
    option = listed_contract(game)
    assert option is not None
    game.apply(0, option)


def test_SK_I2_a_wild_card_stands_in_for_a_natural_another_sequence_needs() -> None:
    # 3S JK=4S 5S and 4S 5S 2C=6S: the one 4S serves the second sequence.
    game = position(OPEN.format(deal=1, hand="3S 4S 5S 5S JK 2C KC KD KS 9H"))
    option = listed_contract(game)
    assert option is not None
    game.apply(0, option)


def test_SK_I2_no_contract_listed_when_none_can_be_made() -> None:
    game = position(OPEN.format(deal=1, hand="3S 3H 5D 6H 7S 9S 9H JC QD KS AH"))
    assert "meld" not in kinds(game, 0)
    refused(game, 0, meld_of(game, 0, "3S 3H 5D", "6H 7S 9S", "9H JC QD"), "SK-M1")


# A pool small enough that hands often hold contracts: few ranks, two suits, wild cards.
POOL = [f"{r}{s}" for r in ("3", "4", "5", "6", "7") for s in ("S", "H")] * 2 \
    + ["JK", "JK", "2C", "2D"]


def valid_melds(spec_text: str, hand: list[tuple[int, str]], k: int) -> list[Any]:
    """Every meld of k cards of the hand that Skarney's checks accept, each wild card in a
    sequence with every place it could stand for: judged by the engine itself, on a copy of
    the position whose contract is a single meld of k cards."""
    one = position(spec_text, options={"contracts": {str(d): [[k]] for d in range(1, 8)}})
    out = []
    for cards in combinations(hand, k):
        ids = [i for i, _ in cards]
        wild = [i for i, c in cards if c == "JK" or c[0] == "2"]
        tries: list[Any] = [ids]
        if len(wild) == 1:
            tries += [{"cards": ids, "as": {wild[0]: f"{r}{s}"}}
                      for r in ("2", "3", "4", "5", "6", "7", "8", "9") for s in ("S", "H")]
        for meld in tries:
            try:
                one.check(0, {"type": "meld", "melds": [meld]})
            except engine.IllegalAction:
                continue
            out.append(meld)
            break
    return out


def cards_of(meld: Any) -> set[int]:
    return set(meld["cards"] if isinstance(meld, dict) else meld)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.integers(0, len(POOL) - 1), min_size=9, max_size=12, unique=True),
       st.sampled_from([1, 4]))
def test_SK_I2_the_listing_has_a_contract_exactly_when_the_hand_can_make_one(
        picks: list[int], deal: int) -> None:
    text = OPEN.format(deal=deal, hand=" ".join(POOL[p] for p in picks))
    game = position(text)
    hand = [(c["id"], c["code"]) for c in game.view(0)["hand"]]
    k = 3 if deal == 1 else 4
    melds = valid_melds(text, hand, k)
    possible = any(not (cards_of(a) & cards_of(b)) and not (cards_of(a) & cards_of(c))
                   and not (cards_of(b) & cards_of(c))
                   for a, b, c in combinations(melds, 3))
    option = listed_contract(game)
    assert (option is not None) == possible
    if option is not None:
        game.check(0, option)
