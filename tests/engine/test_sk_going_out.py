"""Skarney: the contract (SK-I), going out (SK-G) and the end of a deal and game (SK-E)."""

from __future__ import annotations

from .helpers import ids, refused
from .sk_helpers import kinds, lay, meld_ids, meld_of, offer, position, types

# Deal 1 (contract: three melds of exactly 3 cards); nobody is down.
FRESH = """turn: 0
phase: play
deal_number: 1
hands.0: 7H 7S 7D 9C 10C JC KD KS JK 4H 4S 5D 2C
hands.1: 6H 6S
hands.2: 8C 8D 8S 3C
hands.3: QD QH
stock: 30"""


def test_SK_I1_the_first_meld_is_one_action_of_the_pattern() -> None:
    game = position(FRESH)
    refused(game, 0, meld_of(game, 0, "7H 7S 7D"), "SK-I2")
    events = game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    assert types(events) == ["melded"] * 3 and game.view(None)["down"] == {0: True, 1: False}


def test_SK_I2_exactly_one_pattern_of_the_deal() -> None:
    game = position(FRESH)
    refused(game, 0, meld_of(game, 0, "7H 7S 7D JK", "9C 10C JC"), "SK-I2")
    refused(game, 0, meld_of(game, 0, "7H 7S 7D JK", "9C 10C JC", "4H 4S 2C"), "SK-I2")
    assert game.view(0)["contract_text"] == "3 melds of 3 cards"


def test_SK_I2_contract_size_by_deal() -> None:
    game = position(FRESH.replace("deal_number: 1", "deal_number: 4"))
    refused(game, 0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"), "SK-I2")
    assert game.view(0)["contract"] == [[{"size": 4, "kind": None}] * 3]


def test_SK_I3_groups_sequences_wild_groups_in_any_mix() -> None:
    game = position(FRESH.replace("hands.0: 7H", "hands.0: 2C 2D 2H 7H"))
    game.apply(0, meld_of(game, 0, "2C 2D 2H", "9C 10C JC", "KD KS JK"))


def test_SK_I4_before_the_contract_no_lay_off() -> None:
    game = position(FRESH + "\nmelds.1: 6D 6C 6C")
    refused(game, 0, lay(game, 0, meld_ids(game, 1)[0], "7H"), "SK-I4")


def test_SK_I5_nothing_else_in_the_contract_turn_but_steals() -> None:
    game = position(FRESH)
    game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    refused(game, 0, lay(game, 0, meld_ids(game, 0)[0], "4H"), "SK-I5")
    refused(game, 0, {"type": "meld", "melds": [ids(game, 0, "4H 4S 5D")]}, "SK-I5")
    assert [k for k in kinds(game, 0) if k in ("meld", "lay_off")] == []
    game.apply(0, offer(game, 0, "4H"))


def test_SK_I6_the_partner_is_down_too() -> None:
    game = position(FRESH)
    game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    game.apply(0, offer(game, 0, "4H"))
    for seat in (1, 2, 3):
        game.apply(seat, {"type": "decline"})
    game.apply(1, {"type": "draw"})
    game.apply(1, offer(game, 1, "6H"))
    game.apply(2, {"type": "decline"})
    game.apply(3, {"type": "decline"})
    game.apply(0, {"type": "decline"})
    game.apply(2, {"type": "draw"})
    game.apply(2, meld_of(game, 2, "8C 8D 8S"))
    assert len(meld_ids(game, 0)) == 4


def test_SK_I7_individual_players_make_their_own_contract() -> None:
    game = position(FRESH, seats=3)
    game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    assert game.view(None)["down"] == {0: True, 1: False, 2: False}


def test_SK_I8_a_contract_using_every_card_goes_out() -> None:
    game = position(FRESH.replace("hands.0: 7H 7S 7D 9C 10C JC KD KS JK 4H 4S 5D 2C",
                                  "hands.0: 7H 7S 7D 9C 10C JC KD KS JK"))
    events = game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    assert "went_out" in types(events) and game.phase == "deal_over"


DOWN = """turn: 0
phase: play
deal_number: 2
hands.0: 7C 8C
hands.1: 6H 6S 9D
hands.2: 8D 8S 3C
hands.3: QD QH
melds.0: 7H 7S 7D | 9C 10C JC | KD KS JK
melds.1: 5H 5S 5D | 4C 4D 4S | AH AD AS
stock: 30"""


def test_SK_G1_an_empty_hand_after_a_lay_off_goes_out() -> None:
    game = position(DOWN)
    game.apply(0, lay(game, 0, 1, "7C"))
    events = game.apply(0, lay(game, 0, 2, "8C"))
    assert types(events)[-3:] == ["laid_off", "went_out", "deal_scored"]
    assert game.score_sheet[-1]["went_out"] == 0


def test_SK_G2_an_offer_never_empties_a_hand() -> None:
    game = position(DOWN.replace("hands.0: 7C 8C", "hands.0: 7C"))
    refused(game, 0, offer(game, 0, "7C"), "SK-T4")


def plan(game, seat: int, *lays: tuple[int, str]) -> dict:  # type: ignore[no-untyped-def]
    return {"melds": [], "lay_offs": [{"meld": m, "cards": ids(game, seat, c)} for m, c in lays]}


def test_SK_G3_ask_with_a_complete_plan_once_a_turn() -> None:
    game = position(DOWN)
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan(game, 0, (1, "7C"))}, "SK-G3")
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan(game, 0, (1, "8C"), (2, "7C"))},
            "SK-M2")
    events = game.apply(0, {"type": "ask_to_go_out",
                            "plan": plan(game, 0, (1, "7C"), (2, "8C"))})
    assert events == [{"type": "asked_to_go_out", "seat": 0, "partner": 2}]
    assert game.phase == "answer" and game.to_act == {2}
    assert "plan" not in str(game.view(1)) or game.view(1).get("plan") is None


def test_SK_G3_no_ask_in_individual_play() -> None:
    game = position(DOWN, seats=3)
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan(game, 0, (1, "7C"), (2, "8C"))},
            "SK-G3")


def test_SK_G4_yes_applies_the_plan() -> None:
    game = position(DOWN)
    game.apply(0, {"type": "ask_to_go_out", "plan": plan(game, 0, (1, "7C"), (2, "8C"))})
    events = game.apply(2, {"type": "answer", "answer": {"allow": True}})
    assert "went_out" in types(events) and game.score_sheet[-1]["went_out"] == 0


def test_SK_G4_no_bars_going_out_this_turn() -> None:
    game = position(DOWN)
    game.apply(0, {"type": "ask_to_go_out", "plan": plan(game, 0, (1, "7C"), (2, "8C"))})
    game.apply(2, {"type": "answer", "answer": {"allow": False}})
    assert game.phase == "play" and game.to_act == {0}
    game.apply(0, lay(game, 0, 1, "7C"))
    refused(game, 0, lay(game, 0, 2, "8C"), "SK-G4")
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan(game, 0, (2, "8C"))}, "SK-G3")
    assert "lay_off" not in kinds(game, 0)
    game.apply(0, {"type": "declare_last_card"})


def test_SK_E1_going_out_ends_the_deal_at_once() -> None:
    game = position(DOWN)
    game.apply(0, lay(game, 0, 1, "7C"))
    game.apply(0, lay(game, 0, 2, "8C"))
    assert game.phase == "deal_over" and game.to_act == {game._dealers(3)[0]}


def test_SK_E2_the_last_stock_card_ends_the_deal_without_an_offer() -> None:
    game = position(DOWN.replace("phase: play", "phase: draw").replace("stock: 30",
                                                                      "stock: 1"))
    events = game.apply(0, {"type": "draw"})
    assert types(events)[-1] == "stock_exhausted"
    refused(game, 0, offer(game, 0, "7C"), "SK-E2")
    refused(game, 0, {"type": "declare_last_card"}, "SK-E2")
    assert "end_turn" in kinds(game, 0)
    game.apply(0, lay(game, 0, 1, "7C"))  # the rest of the turn is played
    events = game.apply(0, {"type": "end_turn"})
    assert "deal_scored" in types(events) and game.score_sheet[-1]["went_out"] is None


def test_SK_E3_after_a_deal_the_next_dealer_deals() -> None:
    game = position(DOWN)
    game.apply(0, lay(game, 0, 1, "7C"))
    game.apply(0, lay(game, 0, 2, "8C"))
    dealer = game._dealers(3)[0]
    refused(game, (dealer + 1) % 4, {"type": "next_deal"}, "SK-T1")
    events = game.apply(dealer, {"type": "next_deal"})
    assert events[0]["type"] == "deal_started" and game.deal_number == 3


def test_SK_E4_a_tie_with_nobody_out_is_void_and_dealt_again() -> None:
    game = position(DOWN.replace("phase: play", "phase: draw").replace("stock: 30", "stock: 1")
                    .replace("AH AD AS", "AH AD JK"))
    game.apply(0, {"type": "draw"})
    events = game.apply(0, {"type": "end_turn"})
    assert "deal_void" in types(events)
    row = game.score_sheet[-1]
    assert row["void"] and all(t["deal_score"] == 0 for t in row["teams"].values())
    dealer = game.dealer
    assert game.to_act == {dealer}
    game.apply(dealer, {"type": "next_deal"})
    assert game.deal_number == 2 and game.dealer == dealer and game.attempt == 1


def test_SK_E5_the_game_ends_after_the_last_counted_deal() -> None:
    game = position(DOWN.replace("deal_number: 2", "deal_number: 7"), totals={0: 10, 1: 10})
    game.apply(0, lay(game, 0, 1, "7C"))
    game.apply(0, lay(game, 0, 2, "8C"))
    assert game.over and game.phase == "game_over" and game.winners == (0,)


def test_SK_A12_equal_totals_at_the_end_are_a_draw() -> None:
    game = position(DOWN.replace("deal_number: 2", "deal_number: 7"),
                    totals={0: 0, 1: 620 - 40})
    game.apply(0, lay(game, 0, 1, "7C"))
    game.apply(0, lay(game, 0, 2, "8C"))
    assert game.totals[0] == game.totals[1] and game.winners == (0, 1)


def test_SK_A11_the_answer_binds_both_ways() -> None:
    test_SK_G4_yes_applies_the_plan()
    test_SK_G4_no_bars_going_out_this_turn()


def test_SK_A15_the_last_card_drawer_plays_on_then_ends_the_turn() -> None:
    test_SK_E2_the_last_stock_card_ends_the_deal_without_an_offer()


def test_SK_A7_contract_turn_steals_allowed() -> None:
    game = position(FRESH.replace("hands.0: 7H", "hands.0: QS 7H") + "\nmelds.1: QC QC JK")
    game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS JK"))
    from .sk_helpers import steal
    game.apply(0, steal(game, 0, 1, "JK", "QS"))
