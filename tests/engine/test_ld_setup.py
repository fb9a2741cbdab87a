"""Looking and Down: components (LD-C) and the deal (LD-S), each test named after its rule."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine import IllegalAction, InvalidAction
from engine.deck import shuffled_deck

from .helpers import ids, refused
from .ld_helpers import GAME, position


def test_LD_C1_deck_is_n_plus_one_packs_of_54() -> None:
    for n in range(2, 9):
        game = engine.create_game(GAME, n, 3)
        assert sum(game.view(None)["zones"].values()) == 54 * (n + 1)
    codes = Counter(engine.create_game(GAME, 5, 1).codes)
    assert len(engine.create_game(GAME, 5, 1).codes) == 324
    assert codes["JK"] == 12 and codes["7H"] == 6


def test_LD_C2_twos_and_jokers_are_wild_threes_are_natural() -> None:
    game = engine.create_game(GAME, 3, 1)
    assert game.view(None)["wild_ranks"] == ["2", "JK"]
    assert game.rules.is_wild("2D") and game.rules.is_wild("JK")
    assert not game.rules.is_wild("3H") and not game.rules.is_wild("3S")


def test_LD_C3_card_values() -> None:
    rules = engine.create_game(GAME, 3, 1).rules
    expect = {"JK": 50, "2C": 20, "AS": 20, "KH": 10, "8D": 10, "7C": 5, "4S": 5,
              "3H": 0, "3S": 0}
    assert {c: rules.value(c) for c in expect} == expect


def test_LD_C4_red_three_stays_in_hand_and_may_be_discarded() -> None:
    game = position("turn: 1\nphase: draw\nhands.1: 5H 6S\nstock: 3H 3D 9C")
    events = game.apply(1, {"type": "draw"})
    assert [e["type"] for e in events] == ["drew"]
    assert sorted(c["code"] for c in game.view(1)["hand"]) == ["3D", "3H", "5H", "6S"]
    game.apply(1, {"type": "discard", "card": ids(game, 1, "3H")[0]})
    assert game.view(None)["discard"]["top"]["code"] == "3H"


def test_LD_C5_black_threes_cannot_be_melded_but_may_be_discarded() -> None:
    game = position("turn: 1\nphase: play\nhands.1: 3S 3C 3S 9C 9D")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3S 3C 3S")]}, "LD-M6")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "3S")[0]})
    assert game.view(None)["discard"]["top"]["code"] == "3S"


def test_LD_C6_meldable_ranks_are_four_to_ace() -> None:
    game = position("turn: 1\nphase: play\nhands.1: AH AS AD 4C 4D 4H 2C 2D 2H 9S")
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "AH AS AD"),
                                             ids(game, 1, "4C 4D 4H")]})
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "2C 2D 2H")]}, "LD-M3")


def test_LD_S1_two_to_eight_seats() -> None:
    assert engine.GAMES[GAME].seats == (2, 3, 4, 5, 6, 7, 8)
    for bad in (1, 9):
        with pytest.raises(InvalidAction) as e:
            engine.create_game(GAME, bad, 1)
        assert e.value.rule == "LD-S1"


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_LD_S2_score_keeper_never_deals_nor_plays_first(seats: int) -> None:
    keeper = seats - 1
    game = engine.create_game(GAME, seats, 4, {"score_keeper": keeper})
    for number in range(1, 12):
        looking, down = game._dealers(number)
        assert keeper not in (looking, down)
        assert game.next_nk(down) != keeper
    assert game.view(None)["score_keeper"] == keeper
    assert game.turn != keeper and game.dealer != keeper


def test_LD_S3_next_non_keeper_may_be_the_seat_itself_with_two_players() -> None:
    game = engine.create_game(GAME, 2, 1)
    assert game.next_nk(1) == 1
    assert (game.dealer, game.down_dealer, game.turn) == (1, 1, 1)


def test_LD_S4_dealers_and_first_player_rotate_skipping_the_keeper() -> None:
    game = engine.create_game(GAME, 5, 1, {"score_keeper": 2, "first_dealer": 3})
    got = [(*game._dealers(n), game.next_nk(game._dealers(n)[1])) for n in (1, 2, 3)]
    assert got == [(3, 4, 0), (4, 0, 1), (0, 1, 3)]
    assert (game.dealer, game.down_dealer, game.turn) == (3, 4, 0)
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 5, 1, {"score_keeper": 2, "first_dealer": 2})
    assert e.value.rule == "LD-O2"


def test_LD_S5_one_stock_and_empty_means_no_cards() -> None:
    game = position("turn: 1\nphase: draw\nhands.1: 5H 6S\nstock: 9C")
    game.apply(1, {"type": "draw"})
    assert game.view(None)["stock"] == 0
    assert sorted(c["code"] for c in game.view(1)["hand"]) == ["5H", "6S", "9C"]


def test_LD_S6_looking_hand_seen_down_hidden_even_from_its_owner() -> None:
    game = engine.create_game(GAME, 3, 9)
    view = game.view(game.turn)
    assert len(view["hand"]) == 11
    assert all(c["down"] == 11 for c in view["counts"].values())
    shown = {c["id"] for c in view["hand"]}
    assert shown.isdisjoint(game.feet[game.turn])


def test_LD_S7_exact_grab_off_by_default_and_chance_draws_for_both_dealers() -> None:
    game = engine.create_game(GAME, 3, 2, {"max_deals": 1})
    assert game.exact_grab == [0, 0, 0]
    assert not any(e["type"] == "exact_grab" for e in game.events)
    sure = engine.create_game(GAME, 2, 2, {"exact_grab": "chance", "exact_grab_chance": 1})
    grabs = [e for e in sure.events if e["type"] == "exact_grab"]
    assert [(e["seat"], e["points"]) for e in grabs] == [(1, 100), (1, 100)]  # both: seat 1
    assert sure.exact_grab == [0, 200]


def test_LD_S8_upcard_starts_the_pile_whatever_it_is() -> None:
    blocked = 0
    for seed in range(40):
        game = engine.create_game(GAME, 2, seed)
        view = game.view(None)
        assert view["discard"]["size"] == 1
        code = view["discard"]["top"]["code"]
        if code[0] in "23" or code == "JK":
            assert view["discard"]["blocked"]
            blocked += 1
    assert blocked


def test_LD_S9_canonical_deal_order() -> None:
    game = engine.create_game(GAME, 3, 11)  # keeper 0: L = 1, D = 2, first player 1
    codes, card_ids, _ = shuffled_deck(GAME, 11, 1, 4, 8)
    for n, seat in enumerate([2, 0, 1]):  # Looking hands clockwise from L + 1
        assert game.hands[seat] == card_ids[11 * n:11 * n + 11]
    for n, seat in enumerate([0, 1, 2]):  # Downs clockwise from D + 1
        assert game.feet[seat] == card_ids[33 + 11 * n:33 + 11 * n + 11]
    assert game.discard == [card_ids[66]]
    assert all(game.codes[card_ids[p]] == codes[p] for p in range(len(codes)))


@pytest.mark.parametrize(("seats", "stock"), [(2, 117), (3, 149), (4, 181), (5, 213),
                                              (6, 245), (7, 277), (8, 309)])
def test_LD_S10_stock_after_the_deal(seats: int, stock: int) -> None:
    assert engine.create_game(GAME, seats, 5).view(None)["stock"] == stock == 32 * seats + 53


def test_LD_S_refusals_are_illegal_actions_with_ids() -> None:
    game = position("turn: 1\nphase: draw\nhands.1: 5H 6S\nhands.2: 7H")
    with pytest.raises(IllegalAction) as e:
        game.apply(2, {"type": "draw"})
    assert e.value.rule == "LD-T1"
