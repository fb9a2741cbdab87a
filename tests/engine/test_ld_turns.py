"""Looking and Down: the turn (LD-T), the pile (LD-P) and frozen in time (LD-F)."""

from __future__ import annotations

import pytest

import engine

from .helpers import ids, refused
from .ld_helpers import event_types, kinds, position

# Seat 1 has opened (a meld of 9s); seat 2 has not.
OPENED = """turn: 1
phase: draw
hands.1: 7H 7S KD 5C 8H
hands.2: 6H 6S 6D QC
melds.1: 9H 9S 9D
discard: 4C 10D 7D
stock: 20"""


def test_LD_T1_only_seats_in_to_act_may_act() -> None:
    game = position(OPENED)
    assert game.to_act == {1}
    refused(game, 2, {"type": "draw"}, "LD-T1")
    refused(game, 2, {"type": "meld", "melds": [ids(game, 2, "6H 6S 6D")]}, "LD-T1")
    game.apply(1, {"type": "draw"})
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P1")


def test_LD_T2_nothing_happens_automatically_at_a_turn_start() -> None:
    game = position("turn: 0\nphase: play\nhands.0: 5H 5S\nhands.1: 3H 3D 9C")
    events = game.apply(0, {"type": "discard", "card": ids(game, 0, "5H")[0]})
    assert event_types(events) == ["discarded", "turn"]
    assert sorted(c["code"] for c in game.view(1)["hand"]) == ["3D", "3H", "9C"]


def test_LD_T3_draw_two_then_play() -> None:
    game = position(OPENED)
    events = game.apply(1, {"type": "draw"})
    assert events[0]["count"] == 2 and game.phase == "play"
    assert game.view(None)["counts"][1]["hand"] == 7


def test_LD_T4_take_the_pile_instead_of_drawing() -> None:
    game = position(OPENED)
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    assert game.phase == "play" and game.view(None)["stock"] == 20


def test_LD_T5_any_number_of_melds_and_lay_offs_then_discard() -> None:
    game = position(OPENED.replace("KD 5C 8H", "KD KS KH 9C 8H").replace("draw", "play"))
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "KD KS KH")]})
    game.apply(1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "9C")})
    assert game.turn == 1 and game.phase == "play"
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert game.turn == 2


def test_LD_T6_any_card_may_be_discarded_and_ends_the_turn() -> None:
    game = position("turn: 1\nphase: play\nhands.1: JK 3H 3S 5D")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "JK")[0]})
    assert game.turn == 2 and game.view(None)["discard"]["top"]["code"] == "JK"


def test_LD_T7_running_out_of_the_looking_hand_picks_up_the_down() -> None:
    game = position("turn: 1\nphase: play\nhands.1: 8H 8S 8D\nmelds.1: 9H 9S 9D")
    events = game.apply(1, {"type": "meld", "melds": [ids(game, 1, "8H 8S 8D")]})
    assert "picked_up_down" in event_types(events)
    assert game.turn == 1 and game.stage[1] == "down" and len(game.hands[1]) == 11
    game = position("turn: 1\nphase: play\nhands.1: 8H")
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert event_types(events)[:2] == ["discarded", "picked_up_down"] and game.turn == 2


def test_LD_T8_turn_passes_clockwise_keeper_included() -> None:
    game = position("turn: 2\nphase: play\nhands.2: 8H 9C\nhands.0: 5D", seats=3)
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8H")[0]})
    assert game.turn == 0 == game.view(None)["score_keeper"]


def test_LD_T9_only_the_top_and_size_of_the_pile_are_visible() -> None:
    game = position(OPENED)
    view = game.view(2)
    assert view["discard"]["top"]["code"] == "7D" and view["discard"]["size"] == 3
    shown = {c["id"] for c in view["hand"]} | {view["discard"]["top"]["id"]}
    assert set(game.discard[:-1]).isdisjoint(engine_ids(view) - shown)


def engine_ids(view: dict) -> set[int]:
    from .test_hf_properties import card_ids_in
    return card_ids_in(view)


def test_LD_P1_pile_only_instead_of_drawing() -> None:
    game = position(OPENED.replace("phase: draw", "phase: play"))
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P1")


def test_LD_P2_pile_blocked_by_a_wild_card_a_three_or_nothing() -> None:
    for top in ("2C", "JK", "3H", "3S"):
        game = position(OPENED.replace("10D 7D", "7D " + top))
        refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P2")
        assert game.view(None)["discard"]["blocked"]
    game = position(OPENED.replace("discard: 4C 10D 7D\n", ""))
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P2")


def test_LD_P3_not_twice_running() -> None:
    game = position(OPENED, took_pile_last_turn={1: True})
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P3")
    assert "take_pile" not in kinds(game, 1)


def test_LD_P4_the_pair_must_be_two_naturals_in_hand() -> None:
    game = position(OPENED.replace("7H 7S", "7H 2S").replace("melds.1: 9H 9S 9D",
                                                                "melds.1: 7C 7C 7S"))
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 2S")}, "LD-P4")


def test_LD_P5_opened_player_shows_the_pair_and_keeps_it() -> None:
    game = position(OPENED)
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S KD")}, "LD-P5")
    events = game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    assert events[0]["pair"] == ["7H", "7S"] and events[0]["count"] == 3
    assert sorted(c["code"] for c in game.view(1)["hand"]) == \
        sorted(["7H", "7S", "KD", "5C", "8H", "4C", "10D", "7D"])


def test_LD_P6_unopened_player_melds_the_top_card_with_the_pair() -> None:
    game = position(OPENED.replace("turn: 1", "turn: 2").replace("7D\n", "6C\n")
                    .replace("QC", "QC QD QH"))
    refused(game, 2, {"type": "take_pile", "cards": ids(game, 2, "6H QC")}, "LD-P6")
    with pytest.raises(engine.IllegalAction) as nothing_named:  # the minimum said too
        game.apply(2, {"type": "take_pile", "cards": []})
    assert nothing_named.value.message == (
        "to open with the pile, meld 6C with two or more natural 6s from your hand, and "
        "other melds if they come short of 50.")
    # 6C 6H 6S 6D = 20 < 50; with QC QD QH (30) = 50
    refused(game, 2, {"type": "take_pile", "cards": ids(game, 2, "6H 6S 6D")}, "LD-I1")
    events = game.apply(2, {"type": "take_pile", "cards": ids(game, 2, "6H 6S 6D"),
                            "melds": [ids(game, 2, "QC QD QH")]})
    assert event_types(events)[:3] == ["took_pile", "melded", "melded"]
    assert game.opened[2] and sorted(c["code"] for c in game.view(2)["hand"]) == ["10D", "4C"]


def test_LD_P7_the_whole_pile_is_taken() -> None:
    game = position(OPENED.replace("4C 10D 7D", "4C 10D 5S 6D KC QS 9C JH 7D"))
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    assert game.view(None)["discard"]["size"] == 0
    assert len(game.hands[1]) == 5 + 9


def test_LD_P8_cards_under_the_top_cannot_be_used_in_the_take() -> None:
    game = position(OPENED.replace("turn: 1", "turn: 2").replace("7D\n", "6C\n"))
    pile_card = game.discard[0]
    refused(game, 2, {"type": "take_pile", "cards": [*ids(game, 2, "6H 6S"), pile_card]},
            "LD-P8")


def test_LD_P9_threes_in_the_pile_go_to_the_hand() -> None:
    game = position(OPENED.replace("4C 10D 7D", "3H 3S 7D"))
    events = game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    assert "3H" in [c["code"] for c in game.view(1)["hand"]]
    assert event_types(events) == ["took_pile"]


def test_LD_P10_taking_the_pile_freezes_at_the_end_of_the_turn() -> None:
    game = position(OPENED)
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    assert game.frozen == []
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "5C")[0]})
    assert "frozen" in event_types(events) and game.frozen == [1]
    assert game.view(None)["frozen_in_time"] == [1]


def test_LD_P11_order_of_checks() -> None:
    game = position(OPENED.replace("7D\n", "2D\n"), took_pile_last_turn={1: True})
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")}, "LD-P2")
    game = position(OPENED.replace("7H 7S", "7H 5S"), took_pile_last_turn={1: True})
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "7H 5S")}, "LD-P3")
    game = position(OPENED.replace("7H 7S", "7H 5S"))
    refused(game, 1, {"type": "take_pile", "cards": [*ids(game, 1, "7H"), 10_000]}, "LD-P8")


FROZEN = """turn: 1
phase: draw
hands.0: 6H 6S 6D 9C 9D KC KS
hands.1: 5H 5S 8C
hands.2: 4H 4S
melds.0: QH QS QD
discard: 10C
stock: 30"""


def test_LD_F1_frozen_from_the_end_of_the_turn_until_the_next_turn_starts() -> None:
    game = position(FROZEN, frozen=[0])
    assert game.to_act == {0, 1}
    game.apply(1, {"type": "draw"})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    game.apply(2, {"type": "draw"})
    events = game.apply(2, {"type": "discard", "card": ids(game, 2, "4H")[0]})
    assert "unfrozen" in event_types(events) and game.frozen == [] and game.to_act == {0}


def test_LD_F2_frozen_seat_melds_and_lays_off_during_other_turns_only() -> None:
    game = position(FROZEN.replace("KC KS", "KC KS QC"), frozen=[0])
    assert kinds(game, 0) == ["meld", "lay_off"]
    game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 6D")]})  # in seat 1's draw
    game.apply(1, {"type": "draw"})
    game.apply(0, {"type": "lay_off", "meld": 1, "cards": ids(game, 0, "QC")})  # in the play
    refused(game, 0, {"type": "discard", "card": ids(game, 0, "9C")[0]}, "LD-T1")
    refused(game, 0, {"type": "draw"}, "LD-T1")


def test_LD_F3_frozen_melds_obey_the_meld_rules_and_may_keep_one_card() -> None:
    game = position(FROZEN.replace("hands.0: 6H 6S 6D 9C 9D KC KS", "hands.0: 6H 6S 2D 2C 9D")
                    , frozen=[0], stage={0: "down"})
    refused(game, 0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 2D 2C")]}, "LD-M2")
    game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 2D")]})
    refused(game, 0, {"type": "lay_off", "meld": 2, "cards": ids(game, 0, "2C 9D")}, "LD-M1")
    assert len(game.hands[0]) == 2
    game = position(FROZEN.replace("hands.0: 6H 6S 6D 9C 9D KC KS", "hands.0: 6H 6S 6D 9D"),
                    frozen=[0], stage={0: "down"})
    game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 6D")]})  # keeps one: allowed
    assert len(game.hands[0]) == 1


def test_LD_F4_a_frozen_seat_picks_up_its_down_and_goes_on() -> None:
    game = position(FROZEN.replace("hands.0: 6H 6S 6D 9C 9D KC KS", "hands.0: 6H 6S 6D"),
                    frozen=[0])
    events = game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 6D")]})
    assert "picked_up_down" in event_types(events) and game.stage[0] == "down"
    assert game.turn == 1 and len(game.hands[0]) == 11


GOING_OUT_FROZEN = """turn: 1
phase: play
hands.0: 6H 6S 6D
hands.1: 5H 5S 8C 9C
hands.2: 4H 4S 4D
melds.0: QH QS QD QC QH QS QD | KH KS KD KC KH KS 2C
stage.0: down
discard: 10C
stock: 30"""


def test_LD_F5_a_frozen_seat_going_out_ends_the_deal_when_its_turn_would_come() -> None:
    game = position(GOING_OUT_FROZEN, frozen=[0])
    events = game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 6D")]})
    assert {"type": "went_out", "seat": 0, "frozen": True} in events
    assert game.phase == "play" and game.to_act == {1}
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    game.apply(2, {"type": "draw"})
    events = game.apply(2, {"type": "discard", "card": ids(game, 2, "4H")[0]})
    assert "deal_scored" in event_types(events)
    row = game.score_sheet[-1]
    assert row["went_out"] == [0] and row["teams"][0]["going_out"] == 100
    assert row["teams"][2]["going_out"] == 0


def test_LD_F6_option_frozen_in_time_off() -> None:
    game = position(OPENED, options={"frozen_in_time": False})
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "7H 7S")})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "5C")[0]})
    assert game.frozen == [] and game.to_act == {2}


def test_LD_F_frozen_view_keys() -> None:
    game = position(FROZEN, frozen=[0])
    assert game.view(0)["out_of_turn"] is True and game.view(1)["out_of_turn"] is False
    assert engine.GAMES["looking_and_down"].title == "Looking and Down"


def test_LD_T1_a_frozen_seat_with_nothing_to_meld_is_not_in_to_act() -> None:
    game = position(FROZEN.replace("hands.0: 6H 6S 6D 9C 9D KC KS", "hands.0: 5C 9D KS"),
                    frozen=[0])
    assert game.to_act == {1} and game.legal(0) == []
    refused(game, 0, {"type": "meld", "melds": [ids(game, 0, "5C 9D KS")]}, "LD-T1")


def test_LD_F2_whether_a_frozen_seat_can_meld_is_its_own_to_know() -> None:
    """Play-test: `to_act` listed a frozen seat only while its hidden hand could meld or
    lay off, and every screen drew it: a spectator read from the mark whether a frozen
    player had anything to put down. The views list every frozen seat with cards; the
    exact `to_act` (which the host serves) and the seat's own `out_of_turn` stay exact,
    and the game waits for the turn player alone (a clock times nobody frozen)."""
    can = position(FROZEN, frozen=[0])
    cannot = position(FROZEN.replace("hands.0: 6H 6S 6D 9C 9D KC KS", "hands.0: 5C 9D KS"),
                      frozen=[0])
    assert can.to_act == {0, 1} and cannot.to_act == {1}
    for seat in (None, 1, 2):
        assert can.view(seat)["to_act"] == cannot.view(seat)["to_act"] == [0, 1]
    assert can.view(0)["out_of_turn"] is True and cannot.view(0)["out_of_turn"] is False
    assert can.waiting_for == cannot.waiting_for == {1}
    unfrozen = position(OPENED)
    assert unfrozen.waiting_for == unfrozen.to_act == {1}
    assert unfrozen.view(None)["to_act"] == [1]
