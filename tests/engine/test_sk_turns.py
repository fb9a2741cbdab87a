"""Skarney: seats (SK-N), the deal (SK-D), the turn (SK-T) and the offer (SK-F)."""

from __future__ import annotations

import pytest

import engine

from .helpers import ids, refused
from .sk_helpers import hand, kinds, offer, position, types

PLAY = """turn: 0
phase: play
hands.0: 7H 9C KD AS JK
hands.1: 4C 5C
hands.2: 6D 6S
hands.3: 8C 8D
stock: 30"""


def test_SK_N1_seats_and_teams() -> None:
    assert engine.GAMES["skarney"].seats == (2, 3, 4)
    assert engine.create_game("skarney", 4, 0).teams == ((0, 2), (1, 3))
    assert engine.create_game("skarney", 4, 0, {"partnership": False}).teams == \
        ((0,), (1,), (2,), (3,))
    assert engine.create_game("skarney", 3, 0).teams == ((0,), (1,), (2,))
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("skarney", 5, 0)
    assert e.value.rule == "SK-N1"


def test_SK_N2_seven_counted_deals() -> None:
    game = engine.create_game("skarney", 2, 0)
    assert game.view(None)["deals"] == 7 and game.rules.deals == 7


def test_SK_D1_dealer_moves_clockwise_after_a_counted_deal() -> None:
    game = engine.create_game("skarney", 3, 0, {"first_dealer": 2})
    assert game.dealer == 2 and game._dealers(2) == (0, 0)


def test_SK_D2_shuffle_by_seed_deal_and_attempt() -> None:
    a = engine.create_game("skarney", 2, 5)
    b = engine.create_game("skarney", 2, 5)
    assert a.codes == b.codes and a.hands == b.hands
    b.attempt = 1
    b._start_deal(1)
    assert b.hands != a.hands


def test_SK_D3_eleven_cards_each_from_the_dealers_left() -> None:
    game = engine.create_game("skarney", 3, 1)
    assert [len(h) for h in game.hands] == [11, 11, 11]


def test_SK_D4_stock_and_no_pile() -> None:
    for seats, stock in ((2, 86), (3, 75), (4, 64)):
        view = engine.create_game("skarney", seats, 0).view(None)
        assert view["stock"] == stock and "discard" not in view


def test_SK_D5_dealers_left_plays_first() -> None:
    game = engine.create_game("skarney", 4, 0, {"first_dealer": 3})
    assert game.turn == 0 and game.to_act == {0} and game.phase == "draw"


def test_SK_T1_only_to_act_with_the_phases_kinds() -> None:
    game = position(PLAY)
    refused(game, 1, {"type": "draw"}, "SK-T1")
    refused(game, 0, {"type": "draw"}, "SK-T1")
    refused(game, 0, {"type": "discard", "card": ids(game, 0, "7H")[0]}, "SK-T1")


def test_SK_T2_draw_one_then_play() -> None:
    game = position(PLAY.replace("phase: play", "phase: draw"))
    events = game.apply(0, {"type": "draw"})
    assert events[0] == {"type": "drew", "seat": 0, "count": 1}
    assert game.phase == "play" and game.view(None)["stock"] == 29


def test_SK_T3_play_in_any_order_nothing_compulsory() -> None:
    game = position(PLAY)
    assert set(kinds(game, 0)) >= {"offer"}
    game.apply(0, offer(game, 0, "7H"))
    assert game.phase == "offer"


def test_SK_T4_closing_offer_last_card_or_end_turn() -> None:
    game = position(PLAY.replace("hands.0: 7H 9C KD AS JK", "hands.0: 7H"))
    refused(game, 0, offer(game, 0, "7H"), "SK-T4")
    refused(game, 0, {"type": "end_turn"}, "SK-T4")
    assert kinds(game, 0)[-1] == "declare_last_card"
    events = game.apply(0, {"type": "declare_last_card"})
    assert types(events)[:2] == ["last_card", "turn"] and game.turn == 1
    game = position(PLAY)
    refused(game, 0, {"type": "declare_last_card"}, "SK-T4")


def test_SK_T5_next_seat_plays_whoever_accepted() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "7H"))
    game.apply(1, {"type": "decline"})
    game.apply(2, {"type": "accept"})
    assert game.turn == 1 and "7H" in hand(game, 2)


def test_SK_F1_the_offered_card_is_shown_and_stays_until_taken() -> None:
    game = position(PLAY)
    events = game.apply(0, offer(game, 0, "7H"))
    assert events == [{"type": "offered", "seat": 0, "card": events[0]["card"], "asked": 1}]
    assert events[0]["card"]["code"] == "7H"
    view = game.view(3)
    assert view["offer"]["card"]["code"] == "7H" and view["offer"]["asked"] == 1
    assert view["counts"][0]["hand"] == 5 and "7H" in hand(game, 0)


def test_SK_F2_asked_in_turn_from_the_left_back_if_all_decline() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "7H"))
    for seat in (1, 2, 3):
        assert game.to_act == {seat}
        refused(game, (seat + 1) % 4, {"type": "accept"}, "SK-T1")
        events = game.apply(seat, {"type": "decline"})
    assert types(events)[:2] == ["declined", "offer_returned"]
    assert "7H" in hand(game, 0) and game.turn == 1


@pytest.mark.parametrize("code", ["AS", "JK"])
def test_SK_F3_aces_and_wilds_only_to_the_left(code: str) -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, code))
    assert game.view(None)["offer"]["remaining"] == []
    game.apply(1, {"type": "decline"})
    assert code in hand(game, 0) and game.turn == 1 and game.phase == "draw"


def test_SK_F4_partner_asked_between_the_opponents() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "9C"))
    assert game.view(None)["offer"]["remaining"] == [2, 3]


def test_SK_F5_settling_ends_the_turn() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "9C"))
    events = game.apply(1, {"type": "accept"})
    assert types(events) == ["accepted", "turn"] and game.phase == "draw"


def test_SK_F6_an_accepted_ace_or_wild_costs_the_draw() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "AS"))
    events = game.apply(1, {"type": "accept"})
    assert types(events) == ["accepted", "turn", "draw_skipped"]
    assert game.phase == "play" and game.turn == 1
    refused(game, 1, {"type": "draw"}, "SK-F6")
    assert game.view(None)["skip_draw"] == []
    game = position(PLAY)
    game.apply(0, offer(game, 0, "KD"))
    game.apply(1, {"type": "accept"})
    assert game.phase == "draw"


def test_SK_F7_no_offering_back_the_card_taken() -> None:
    game = position(PLAY.replace("hands.1: 4C 5C", "hands.1: 4C 7H"))
    game.apply(0, offer(game, 0, "7H"))
    game.apply(1, {"type": "accept"})
    game.apply(1, {"type": "draw"})
    assert game.view(None)["offer_ban"] == {1: ["7H"]}
    for card in ids(game, 1, "7H 7H"):
        refused(game, 1, {"type": "offer", "card": card}, "SK-F7")
    entry = next(e for e in game.legal(1) if e["type"] == "offer")
    assert all(game.codes[i] != "7H" for i in entry["cards"])
    game.apply(1, offer(game, 1, "4C"))


def test_SK_F8_the_ban_lasts_the_next_turn_only() -> None:
    game = position(PLAY)
    game.apply(0, offer(game, 0, "7H"))
    game.apply(1, {"type": "accept"})
    game.apply(1, {"type": "draw"})
    game.apply(1, offer(game, 1, "4C"))
    for seat in (2, 3, 0):
        game.apply(seat, {"type": "decline"})
    assert game.view(None)["offer_ban"] == {}


def test_SK_A9_the_ban_lifts_when_every_card_has_that_code() -> None:
    game = position(PLAY.replace("phase: play", "phase: play\nturn: 1").replace(
        "hands.1: 4C 5C", "hands.1: 7H 7H").replace("hands.0: 7H", "hands.0: 7C"),
        offer_ban={1: "7H"})
    game.apply(1, offer(game, 1, "7H"))


def test_SK_A14_no_steal_before_the_draw_but_at_once_after_a_skip() -> None:
    game = position(PLAY.replace("phase: play", "phase: draw"))
    assert kinds(game, 0) == ["draw"]
    refused(game, 0, {"type": "steal_wild", "meld": 1, "wild": 0, "card": 0}, "SK-T1")
