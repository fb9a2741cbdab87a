"""Hand and Foot components, deal, turns and red threes (HF-C1, C5, HF-S1..S8,
HF-T1..T9, HF-R1..R6), from shared/rules/hand_and_foot.md §2, §3 and §4."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine.deck import deal_rng, shuffle, shuffled_deck

from .helpers import (
    codes,
    discard_action,
    draw,
    hand_codes,
    ids,
    lay_off_action,
    meld,
    meld_id,
    melds_of,
    position,
    refused,
    take_action,
    top,
)

RED = ("3H", "3D")


def cards_in(view: Any) -> list[dict[str, Any]]:
    """Every {id, code} pair anywhere in a view."""
    found = []
    if isinstance(view, dict):
        if set(view) == {"id", "code"}:
            return [view]
        for v in view.values():
            found.extend(cards_in(v))
    elif isinstance(view, list | tuple):
        for v in view:
            found.extend(cards_in(v))
    return found


def red_codes(game, team: int) -> list[str]:
    return sorted(c["code"] for c in game.view(None)["red_threes"][team])


# ---------------------------------------------------------------- HF-C1, C5
def test_HF_C1_deck_is_five_packs_and_ten_jokers_each_card_its_own_id():
    g = engine.create_game("hand_and_foot", 4, seed=0)
    state = g.to_dict()["state"]
    count = Counter(state["codes"])
    assert len(state["codes"]) == 270
    assert count["JK"] == 10
    assert all(count[r + s] == 5 for r in engine.cards.RANKS for s in "SHDC")
    assert sum(g.view(None)["zones"].values()) == 270


def test_HF_C5_red_three_never_kept_in_a_hand():
    with pytest.raises(engine.InvalidAction) as e:
        position("turn: 0\nphase: play\nhands.0: 3H 5C 6C")
    assert e.value.rule == "HF-C5"
    # drawn: placed at once, so it can never be discarded
    g = position("turn: 0\nphase: draw\nhands.0: 5C\nstock: 3H 9C 4C 8S 8S")
    draw(g, 0)
    assert "3H" not in hand_codes(g, 0)
    assert red_codes(g, 0) == ["3H"]


# ---------------------------------------------------------------- HF-S setup
def test_HF_S1_four_seats_two_partnerships():
    info = engine.GAMES["hand_and_foot"]
    assert info.seats == (4,)
    g = engine.create_game("hand_and_foot", 4, seed=1)
    assert g.teams == ((0, 2), (1, 3))
    assert g.view(None)["teams"] == [[0, 2], [1, 3]]
    for seats in (2, 3, 5, 6):
        with pytest.raises(engine.InvalidAction) as e:
            engine.create_game("hand_and_foot", seats, seed=1)
        assert e.value.rule == "HF-S1"


def test_HF_S2_dealer_moves_clockwise_each_deal():
    g = engine.create_game("hand_and_foot", 4, seed=1, options={"first_dealer": 3})
    assert g.dealer == 3 and g.view(None)["dealer"] == 3
    for k, dealer in ((1, 3), (2, 0), (3, 1)):
        g = position(f"deal_number: {k}\ndealer: {dealer}\nphase: deal_over\nstock: 0",
                     options={"first_dealer": 3})
        nxt = (dealer + 1) % 4
        assert g.to_act == {nxt}  # the next deal's dealer starts it (HF-E4)
        g.apply(nxt, {"type": "next_deal"})
        assert g.deal_number == k + 1 and g.dealer == (3 + k) % 4


def test_HF_S3_shuffle_seeded_by_game_seed_and_deal():
    a = engine.create_game("hand_and_foot", 4, seed=5)
    b = engine.create_game("hand_and_foot", 4, seed=5)
    c = engine.create_game("hand_and_foot", 4, seed=6)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict()["state"]["codes"] != c.to_dict()["state"]["codes"]
    d1 = shuffled_deck("hand_and_foot", 5, 1, 5, 10)[0]
    d2 = shuffled_deck("hand_and_foot", 5, 2, 5, 10)[0]
    assert d1 != d2 and sorted(d1) == sorted(d2)


@pytest.mark.parametrize("seed", range(20))
def test_HF_S3_written_out_shuffle_is_randoms_own(seed: int) -> None:
    a, b = deal_rng("hand_and_foot", seed, 1), deal_rng("hand_and_foot", seed, 1)
    for size in (270, 0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 108, 162):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
    assert a.random() == b.random()


def test_HF_S4_each_player_sees_a_thirteen_card_hand():
    g = engine.create_game("hand_and_foot", 4, seed=0)  # seed 0: no red three in seat 1's hand
    for seat in range(4):
        v = g.view(seat)
        assert len(v["hand"]) == 13
        assert v["counts"][seat]["hand"] == 13


def test_HF_S5_nobody_sees_a_foot():
    g = engine.create_game("hand_and_foot", 4, seed=0)
    feet = {i for f in g.to_dict()["state"]["feet"] for i in f}
    assert len(feet) == 52
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert not {c["id"] for c in cards_in(v)} & feet
        assert all(v["counts"][s]["foot"] == 13 for s in range(4))


def test_HF_S6_stock_and_upcard_counts():
    g = engine.create_game("hand_and_foot", 4, seed=0)
    z = g.view(None)["zones"]
    assert z == {"stock": 165, "discard": 1, "hands": 52, "feet": 52, "melds": 0,
                 "red_threes": 0}


@pytest.mark.parametrize("seed,kind", [(64, "red three"), (120, "joker"), (27, "black three")])
def test_HF_S6_upcard_stays_whatever_it_is(seed, kind):
    g = engine.create_game("hand_and_foot", 4, seed=seed)
    up = shuffled_deck("hand_and_foot", seed, 1, 5, 10)[0][104]
    assert top(g) == up
    assert {"red three": up in RED, "joker": up == "JK", "black three": up in ("3S", "3C")}[kind]
    assert g.view(None)["discard"]["size"] == 1


def test_HF_S7_seat_left_of_dealer_plays_first():
    for first_dealer in range(4):
        g = engine.create_game("hand_and_foot", 4, seed=2,
                               options={"first_dealer": first_dealer})
        assert g.turn == (first_dealer + 1) % 4
        assert g.to_act == {(first_dealer + 1) % 4} and g.phase == "draw"


def test_HF_S8_canonical_deal_order():
    seed = 0
    order, deal_ids, _ = shuffled_deck("hand_and_foot", seed, 1, 5, 10)
    g = engine.create_game("hand_and_foot", 4, seed=seed)
    state = g.to_dict()["state"]
    seats = [1, 2, 3, 0]
    for n, seat in enumerate(seats):
        assert state["hands"][seat] == deal_ids[13 * n:13 * n + 13]
        assert state["feet"][seat] == deal_ids[52 + 13 * n:52 + 13 * n + 13]
        assert sorted(state["codes"][i] for i in state["hands"][seat]) \
            == sorted(order[13 * n:13 * n + 13])
    assert state["discard"] == [deal_ids[104]]
    assert state["stock"][-1] == deal_ids[105]        # next card on top
    assert state["stock"] == deal_ids[105:][::-1]


# ---------------------------------------------------------------- HF-T turn structure
def test_HF_T1_only_the_seat_to_act_may_act():
    g = position("turn: 1\nphase: draw\nhands.1: 5C 6C\nhands.2: 7C 8C")
    refused(g, 2, {"type": "draw"}, "HF-T1")
    refused(g, 0, {"type": "ask_to_go_out"}, "HF-T1")
    assert g.legal(2) == [] and g.legal(0) == []


def test_HF_T1_action_kind_not_in_phase():
    g = position("turn: 1\nphase: draw\nhands.1: 5C 6C")
    refused(g, 1, discard_action(g, 1, "5C"), "HF-T1")
    with pytest.raises(engine.IllegalAction) as refusal:  # said as a player would (play-test)
        g.apply(1, discard_action(g, 1, "5C"))
    # What the seat may do now, as listed: no pile to take, nobody to ask yet (the
    # phase's every kind was named, "ask to go out" at a table with no partner, play-test).
    assert refusal.value.message == "you cannot discard now: you may draw."
    refused(g, 1, {"type": "answer", "answer": {"allow": True}}, "HF-T1")
    refused(g, 1, {"type": "next_deal"}, "HF-T1")
    draw(g, 1)
    refused(g, 1, {"type": "draw"}, "HF-T1")
    # the exception: taking the pile after drawing names HF-P1
    refused(g, 1, {"type": "take_pile", "cards": []}, "HF-P1")


def test_HF_T1_unknown_action_kind():
    g = position("turn: 1\nphase: draw\nhands.1: 5C 6C")
    refused(g, 1, {"type": "steal_wild"}, "HF-T1")


def test_HF_T2_first_turn_places_red_threes_then_draw_phase():
    g = position("turn: 0\nphase: play\nhands.0: 5C 6C\nhands.1: 3H 9C 9D\n"
                 "first_turn_done.1: false\nstock: 7S 8S 9S 10S")
    g.apply(0, discard_action(g, 0, "5C"))
    assert g.turn == 1 and g.phase == "draw"
    assert hand_codes(g, 1) == codes("9C 9D 7S")
    assert red_codes(g, 1) == ["3H"]


def test_HF_T3_draw_takes_two_from_the_stock():
    g = position("turn: 2\nphase: draw\nhands.2: 5C\nstock: 9H 4S 8C 8D")
    events = draw(g, 2)
    assert hand_codes(g, 2) == codes("5C 9H 4S")
    assert g.phase == "play" and g.view(None)["stock"] == 2
    assert {"type": "drew", "seat": 2, "count": 2} in events
    assert all("cards" not in e for e in events if e["type"] == "drew")  # faces stay hidden


def test_HF_T5_any_number_of_melds_and_lay_offs_in_any_order():
    g = position("turn: 0\nphase: play\nhands.0: KS KH KD 9C 9D 9H QS QH QC 5C 6C\n"
                 "melds.0: QD QD QD")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "Q"), "QS"))
    meld(g, 0, "KS KH KD")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "Q"), "QH QC"))
    meld(g, 0, "9C 9D 9H")
    assert g.phase == "play" and g.turn == 0
    assert sorted(m["size"] for m in melds_of(g, 0)) == [3, 3, 6]
    g.apply(0, discard_action(g, 0, "5C"))
    assert g.turn == 1


@pytest.mark.parametrize("card", ["JK", "2C", "3S", "KD"])
def test_HF_T6_any_card_may_be_discarded_and_ends_the_turn(card):
    g = position(f"turn: 0\nphase: play\nhands.0: {card} 5C\nstock: 20")
    events = g.apply(0, discard_action(g, 0, card))
    assert top(g) == card and hand_codes(g, 0) == ["5C"]
    assert {"type": "discarded", "seat": 0, "card": {"id": events[0]["card"]["id"],
                                                     "code": card}} == events[0]
    assert g.turn == 1 and g.phase == "draw"


def test_HF_T7_discarding_the_last_hand_card_picks_up_foot_and_ends_turn():
    g = position("turn: 0\nphase: play\nhands.0: 5C\n"
                 "feet.0: 4S 4H 4D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S\nstock: 20")
    events = g.apply(0, discard_action(g, 0, "5C"))
    assert {"type": "picked_up_foot", "seat": 0} in events
    assert len(hand_codes(g, 0)) == 13
    v = g.view(0)
    assert v["counts"][0]["stage"] == "foot" and v["counts"][0]["foot"] == 0
    assert g.turn == 1
    assert v["counts"][0]["foot_played"] is False


def test_HF_T7_melding_the_last_hand_cards_picks_up_foot_and_continues():
    g = position("turn: 0\nphase: play\nhands.0: KS KH KD\nmelds.0: 8S 8H 8D\n"
                 "feet.0: 4S 4H 4D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S\nstock: 20")
    events = meld(g, 0, "KS KH KD")
    assert {"type": "picked_up_foot", "seat": 0} in events
    assert g.turn == 0 and g.phase == "play"
    assert len(hand_codes(g, 0)) == 13
    g.apply(0, discard_action(g, 0, "9S"))  # the turn still ends with a discard
    assert g.turn == 1
    assert g.view(0)["counts"][0]["foot_played"] is True


def test_HF_T7_lay_off_or_take_using_up_the_hand_picks_up_the_foot():
    g = position("turn: 0\nphase: play\nhands.0: KC\nmelds.0: KS KH KD\nstock: 20")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC"))
    assert g.view(0)["counts"][0]["stage"] == "foot" and g.phase == "play"
    g = position("turn: 0\nphase: draw\nhands.0: KC KD\ndiscard: KS\nmelds.0: 8S 8H 8D\n"
                 "stock: 20")
    g.apply(0, take_action(g, 0, "KC KD"))
    assert g.view(0)["counts"][0]["stage"] == "foot" and g.phase == "play"
    assert len(hand_codes(g, 0)) == 13


def test_HF_T8_next_seat_clockwise_after_the_turn():
    g = position("turn: 3\nphase: play\nhands.3: 5C 6C\nstock: 20")
    g.apply(3, discard_action(g, 3, "5C"))
    assert g.turn == 0 and g.to_act == {0} and g.phase == "draw"


def test_HF_T9_only_top_and_size_of_the_pile_are_visible():
    g = position("turn: 0\nphase: draw\nhands.0: 5C\ndiscard: AS KD QH 9C")
    buried = set(g.to_dict()["state"]["discard"][:-1])
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert v["discard"]["top"]["code"] == "9C" and v["discard"]["size"] == 4
        assert not {c["id"] for c in cards_in(v)} & buried


# ---------------------------------------------------------------- HF-R red threes
def test_HF_R1_first_turn_red_threes_replaced_until_none_drawn():
    g = position("turn: 0\nphase: play\nhands.0: 5C 6C\nhands.1: 3H 3D 9C\n"
                 "first_turn_done.1: false\nstock: 3H 7C 8C 10S 10S")
    events = g.apply(0, discard_action(g, 0, "5C"))
    assert hand_codes(g, 1) == codes("9C 7C 8C")
    assert red_codes(g, 1) == codes("3H 3D 3H")
    assert g.view(None)["stock"] == 2
    placed = [e for e in events if e["type"] == "red_threes"]
    assert [len(e["cards"]) for e in placed] == [2, 1]
    assert g.phase == "draw" and g.turn == 1


def test_HF_R1_first_player_of_a_deal():
    g = engine.create_game("hand_and_foot", 4, seed=8)  # two red threes in seat 1's hand
    assert not any(c in RED for c in hand_codes(g, 1))
    assert len(hand_codes(g, 1)) == 13
    assert len(g.view(None)["red_threes"][1]) >= 2
    assert any(e["type"] == "red_threes" and e["seat"] == 1 for e in g.events)


def test_HF_R2_drawn_red_three_placed_and_replaced():
    g = position("turn: 0\nphase: draw\nhands.0: 5C\nstock: 3D 9C 3H 4C 8S")
    events = draw(g, 0)
    assert hand_codes(g, 0) == codes("5C 9C 4C")
    assert red_codes(g, 0) == codes("3D 3H")
    assert g.view(None)["stock"] == 1
    assert [e["count"] for e in events if e["type"] == "drew"] == [2, 1, 1]


def test_HF_R3_red_threes_in_the_foot_placed_and_replaced():
    g = position("turn: 0\nphase: play\nhands.0: 5C\n"
                 "feet.0: 3H 3D 4D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S\nstock: JS JH 10C")
    g.apply(0, discard_action(g, 0, "5C"))
    assert hand_codes(g, 0) == codes("4D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S JS JH")
    assert red_codes(g, 0) == codes("3H 3D")


def test_HF_R4_red_three_from_the_pile_placed_without_replacement():
    g = position("turn: 1\nphase: draw\nhands.1: 9S 9H 5C\ndiscard: 3D 9D\n"
                 "melds.1: KS KH KD\nstock: 10")
    g.apply(1, take_action(g, 1, "9S 9H"))
    assert red_codes(g, 1) == ["3D"]
    assert hand_codes(g, 1) == ["5C"]
    assert g.view(None)["stock"] == 10


def test_HF_R5_short_stock_gives_what_is_there():
    g = position("turn: 0\nphase: draw\nhands.0: 5C 6C\nstock: 3H 3D 9C")
    draw(g, 0)
    assert red_codes(g, 0) == codes("3H 3D")
    assert hand_codes(g, 0) == codes("5C 6C 9C")  # one replacement of two owed
    assert g.view(None)["stock"] == 0
    g.apply(0, discard_action(g, 0, "5C"))
    assert hand_codes(g, 0) == codes("6C 9C")   # nothing owed later


def test_HF_R6_placed_red_threes_belong_to_the_team():
    g = position("turn: 2\nphase: draw\nhands.2: 5C\nstock: 3H 9C 4C 8S")
    draw(g, 2)
    assert red_codes(g, 0) == ["3H"] and red_codes(g, 1) == []
    assert melds_of(g, 0) == []  # not a meld
    assert g.view(None)["zones"]["red_threes"] == 1
    assert ids(g, 2, "9C")


def test_position_text_round_trip():
    g = engine.create_game("hand_and_foot", 4, seed=3)
    spec = engine.position_of(g)
    again = engine.load_position("hand_and_foot",
                                 engine.parse_position(engine.format_position(spec)))
    assert engine.position_of(again) == spec
