"""Going out and the end of a deal and game in Hand and Foot (HF-G1..G9, HF-E1..E5),
from shared/rules/hand_and_foot.md §7."""

from __future__ import annotations

import pytest

from .helpers import (
    codes,
    discard_action,
    draw,
    hand_codes,
    lay_off_action,
    meld,
    meld_action,
    meld_id,
    melds_of,
    position,
    refused,
    take_action,
    top,
)

PILES = ("KS KH KD KC KS KH KD | 5H 5S 5D 5C 5H 5S 5D | AH AS AD AC AH 2C JK | "
         "8H 8S 8D 8C 8H 8S 2D | JK JK JK 2H 2S 2D 2C")


def ready(hand: str = "9C", *, melds0: str = PILES, permission: str = "yes",
          phase: str = "play", partner_played: bool = True, extra: str = ""):
    """Seat 0 in the foot stage on its turn; seat 2 in the foot stage."""
    return position(
        f"turn: 0\nphase: {phase}\nstage.0: foot\nstage.2: foot\n"
        f"foot_played.2: {'true' if partner_played else 'false'}\n"
        f"hands.0: {hand}\nhands.2: 7C 3S QD\nmelds.0: {melds0}\n"
        f"permission: {permission}\nasked: {'false' if permission == 'none' else 'true'}\n"
        + extra)


def ask_and_answer(g, allow: bool) -> None:
    g.apply(0, {"type": "ask_to_go_out"})
    g.apply(2, {"type": "answer", "answer": {"allow": allow}})


# ---------------------------------------------------------------- HF-G1..G7
def test_HF_G1_hand_stage_player_cannot_go_out():
    g = position(f"turn: 0\nphase: play\nhands.0: 9C 9D 9H\nmelds.0: {PILES}\n"
                 "stage.2: foot\nfoot_played.2: true\nstock: 20")
    events = meld(g, 0, "9C 9D 9H")   # empties the hand: picks up the foot instead
    assert not any(e["type"] == "went_out" for e in events)
    assert g.phase == "play" and len(hand_codes(g, 0)) == 13
    g = position("turn: 0\nphase: play\nhands.0: 9C 9D\nstage.2: foot\nfoot_played.2: true")
    refused(g, 0, {"type": "ask_to_go_out"}, "HF-G1")


def test_HF_G2_piles_required_to_go_out():
    g = ready(melds0="KS KH KD KC KS KH KD | 5H 5S 5D 5C 5H 5S 5D | AH AS AD AC AH 2C JK | "
                     "JK JK JK 2H 2S 2D 2C")
    msg = refused(g, 0, discard_action(g, 0, "9C"), "HF-G2")
    assert "1 more dirty pile" in msg


def test_HF_G2_extra_clean_pile_does_not_stand_in_for_a_dirty_one():
    g = ready(melds0="KS KH KD KC KS KH KD | 5H 5S 5D 5C 5H 5S 5D | QH QS QD QC QH QS QD | "
                     "AH AS AD AC AH 2C JK | JK JK JK 2H 2S 2D 2C")
    refused(g, 0, discard_action(g, 0, "9C"), "HF-G2")


def test_HF_G2_piles_completed_in_the_same_action_count():
    g = ready("JK 2D", melds0="KS KH KD KC KS KH KD | 5H 5S 5D 5C 5H 5S 5D | "
                              "AH AS AD AC AH 2C JK | 8H 8S 8D 8C 8H 8S 2D | JK JK 2H 2S 2C")
    events = g.apply(0, lay_off_action(g, 0, meld_id(g, 0, None), "JK 2D"))
    assert {"type": "went_out", "seat": 0} in events
    assert g.phase == "deal_over"


def test_HF_G3_partner_must_have_played_from_the_foot():
    g = ready(partner_played=False)
    msg = refused(g, 0, discard_action(g, 0, "9C"), "HF-G3")
    assert "partner" in msg


def test_HF_G3_partner_who_picked_up_by_discarding_does_not_qualify():
    g = position(f"turn: 2\nphase: play\nstage.0: foot\nhands.0: 9C 4D\nhands.2: 5C\n"
                 f"melds.0: {PILES}\nfeet.2: 4S 4H 4D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S\n"
                 "hands.3: 6C 6C\nstock: 20")
    g.apply(2, discard_action(g, 2, "5C"))  # seat 2 picks up the foot by discarding
    assert g.view(0)["counts"][2]["stage"] == "foot"
    assert g.view(0)["counts"][2]["foot_played"] is False
    draw(g, 3)
    g.apply(3, discard_action(g, 3, "6C"))
    draw(g, 0)
    refused(g, 0, {"type": "ask_to_go_out"}, "HF-G3")


def test_HF_G4_permission_needed():
    g = ready(permission="none")
    msg = refused(g, 0, discard_action(g, 0, "9C"), "HF-G4")
    assert "ask" in msg
    g = ready(permission="no")
    refused(g, 0, discard_action(g, 0, "9C"), "HF-G4")


def test_HF_G5_empty_hand_only_as_a_legal_going_out():
    g = ready("9C 9D 9H", permission="none")
    refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G4")
    g = ready("9C 9D 9H", partner_played=False)
    refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G3")
    g = ready("9C 9D 9H", melds0="KS KH KD KC KS KH KD")
    refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G2")
    g = ready("9C 9D 9H")
    events = meld(g, 0, "9C 9D 9H")   # melding every card is a going out: no discard
    assert {"type": "went_out", "seat": 0} in events and g.phase == "deal_over"


def test_HF_G5_take_pile_emptying_the_foot_hand():
    g = ready("9C 9D", phase="draw", extra="discard: 9S\n")
    events = g.apply(0, take_action(g, 0, "9C 9D"))
    assert {"type": "went_out", "seat": 0} in events
    g = ready("9C 9D", phase="draw", permission="none", extra="discard: 9S\n")
    refused(g, 0, take_action(g, 0, "9C 9D"), "HF-G4")


def test_HF_G6_no_single_card_left_unless_it_could_go_out():
    g = ready("9C 9D 9H 4S", permission="none")
    msg = refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G4")
    assert "one card" in msg
    g = ready("9C 9D 9H 4S", melds0="KS KH KD KC KS KH KD")
    refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G2")
    g = ready("9C 9D 9H 4S")
    meld(g, 0, "9C 9D 9H")
    assert hand_codes(g, 0) == ["4S"]
    g.apply(0, discard_action(g, 0, "4S"))
    assert g.phase == "deal_over"


def test_HF_G6_lay_off_and_take_leaving_one_card():
    g = ready("KC 4S", permission="none", melds0=PILES + " | KS KH KD")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K", complete=False), "KC"), "HF-G4")
    g = ready("9C 9D 4S", phase="draw", permission="none", extra="discard: 9S\n")
    refused(g, 0, take_action(g, 0, "9C 9D"), "HF-G4")
    # two cards left is fine without permission
    g = ready("KC 4S 5S", permission="none", melds0="KS KH KD")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC"))
    assert hand_codes(g, 0) == codes("4S 5S")


def test_HF_G7_going_out_by_discarding_the_last_card():
    g = ready("9C")
    events = g.apply(0, discard_action(g, 0, "9C"))
    assert top(g) == "9C"
    assert {"type": "went_out", "seat": 0} in events
    assert g.score_sheet[-1]["went_out"] == 0


def test_HF_G7_the_listing_says_the_last_foot_card_goes_out():
    """Screens ask "Discard 9♣ and go out?" from the listing's `goes_out`: the foot's last
    card, not the hand's last card (the foot comes next, HF-T7)."""
    entry = next(e for e in ready("9C").legal(0) if e["type"] == "discard")
    assert entry.get("goes_out") is True
    g = position("turn: 0\nphase: play\nhands.0: 9C\nhands.2: 7C 3S QD")
    entry = next(e for e in g.legal(0) if e["type"] == "discard")
    assert "goes_out" not in entry and g.stage[0] == "hand"


# ---------------------------------------------------------------- HF-G8, G9 asking
def test_HF_G8_ask_moves_to_answer_phase_and_back():
    g = ready("9C 4D", permission="none")
    events = g.apply(0, {"type": "ask_to_go_out"})
    assert events == [{"type": "asked_to_go_out", "seat": 0, "partner": 2}]
    assert g.phase == "answer" and g.to_act == {2}
    assert [e["type"] for e in g.legal(2)] == ["answer"]
    refused(g, 0, discard_action(g, 0, "9C"), "HF-T1")
    refused(g, 1, {"type": "answer", "answer": {"allow": True}}, "HF-T1")
    g.apply(2, {"type": "answer", "answer": {"allow": True}})
    assert g.phase == "play" and g.to_act == {0}
    assert g.view(0)["permission"] == "yes"


def test_HF_G8_ask_in_draw_phase_returns_to_draw():
    g = ready("9C 4D", permission="none", phase="draw")
    ask_and_answer(g, True)
    assert g.phase == "draw" and g.to_act == {0}


def test_HF_G8_ask_needs_foot_stage_partner_played_and_once_per_turn():
    g = ready("9C 4D", permission="none", partner_played=False)
    refused(g, 0, {"type": "ask_to_go_out"}, "HF-G3")
    g = ready("9C 4D", permission="none")
    ask_and_answer(g, False)
    refused(g, 0, {"type": "ask_to_go_out"}, "HF-G8")


def test_HF_G8_piles_not_needed_to_ask():
    g = ready("9C 4D", permission="none", melds0="KS KH KD")
    g.apply(0, {"type": "ask_to_go_out"})
    assert g.phase == "answer"


def test_HF_G9_no_forbids_going_out_this_turn():
    g = ready("9C 9D 9H 4S", permission="none")
    ask_and_answer(g, False)
    refused(g, 0, meld_action(g, 0, "9C 9D 9H"), "HF-G4")
    g.apply(0, discard_action(g, 0, "4S"))  # a normal discard still ends the turn
    assert g.turn == 1


def test_HF_G9_yes_does_not_force_going_out():
    g = ready("9C 4D", permission="none", extra="stock: 20\n")
    ask_and_answer(g, True)
    g.apply(0, discard_action(g, 0, "4D"))
    assert g.turn == 1 and g.phase == "draw"


def test_HF_G9_permission_lapses_at_end_of_turn():
    g = ready("9C 4D 5D", permission="none", extra="hands.1: 6C 6C\nhands.2: 7C 7C\n"
                                                   "hands.3: 8C 8C\nstock: 20")
    ask_and_answer(g, True)
    g.apply(0, discard_action(g, 0, "5D"))
    for seat, card in ((1, "6C"), (2, "7C"), (3, "8C")):
        draw(g, seat)
        g.apply(seat, discard_action(g, seat, card))
    draw(g, 0)
    assert g.view(0)["permission"] == "none" and g.view(0)["asked"] is False
    assert len(hand_codes(g, 0)) == 4
    g.apply(0, {"type": "ask_to_go_out"})  # a new turn: asking is open again
    assert g.phase == "answer"


# ---------------------------------------------------------------- HF-E end of deal and game
def test_HF_E1_going_out_ends_the_deal_at_once():
    g = ready("9C", extra="stock: 20\n")
    g.apply(0, discard_action(g, 0, "9C"))
    assert g.phase == "deal_over" and g.to_act == {1}
    assert len(g.score_sheet) == 1 and g.score_sheet[0]["stock_exhausted"] is False
    refused(g, 1, {"type": "draw"}, "HF-T1")


def test_HF_E2_stock_runs_out_deal_ends_after_the_turn_no_bonus():
    g = position("turn: 1\nphase: draw\nhands.1: 9C 9D 9H 5C\nmelds.1: KS KH KD\n"
                 "stock: 4S 4H")
    draw(g, 1)                         # takes the last two cards
    assert g.phase == "play" and g.view(None)["stock"] == 0
    meld(g, 1, "9C 9D 9H")             # the turn is still played to its end
    events = g.apply(1, discard_action(g, 1, "5C"))
    assert {"type": "stock_exhausted"} in events
    row = g.score_sheet[-1]
    assert row["stock_exhausted"] is True and row["went_out"] is None
    assert row["teams"][0]["going_out"] == 0 and row["teams"][1]["going_out"] == 0
    assert g.phase == "deal_over"


def test_HF_E2_player_may_go_out_on_the_last_stock_cards():
    g = ready("9C 9D", phase="draw", extra="stock: 4S 9H")
    draw(g, 0)
    meld(g, 0, "9C 9D 9H")
    g.apply(0, discard_action(g, 0, "4S"))
    row = g.score_sheet[-1]
    assert row["went_out"] == 0 and row["teams"][0]["going_out"] == 100


def test_HF_E3_short_draw_takes_what_is_left():
    g = position("turn: 0\nphase: draw\nhands.0: 5C 6C\nstock: 9D")
    events = draw(g, 0)
    assert {"type": "drew", "seat": 0, "count": 1} in events
    assert hand_codes(g, 0) == codes("5C 6C 9D")


def test_HF_E3_replacements_at_first_turn_can_empty_the_stock():
    g = position("turn: 0\nphase: play\nhands.0: 5C 6C\nhands.1: 3H 9C 9D\n"
                 "first_turn_done.1: false\nstock: 3D")
    g.apply(0, discard_action(g, 0, "5C"))
    assert g.turn == 1 and g.view(None)["stock"] == 0
    assert red_count(g, 1) == 2 and hand_codes(g, 1) == codes("9C 9D")
    events = draw(g, 1)
    assert {"type": "drew", "seat": 1, "count": 0} in events
    g.apply(1, discard_action(g, 1, "9C"))
    assert g.phase == "deal_over"


def red_count(g, team):
    return len(g.view(None)["red_threes"][team])


def test_HF_E4_next_deal_clears_the_table_and_keeps_totals():
    g = position("deal_number: 1\ndealer: 0\nphase: deal_over\nmelds.0: KS KH KD\n"
                 "red_threes.1: 3H\ntotals.0: 500\ntotals.1: -40\nstock: 0")
    assert g.to_act == {1}
    refused(g, 0, {"type": "next_deal"}, "HF-T1")
    g.apply(1, {"type": "next_deal"})
    v = g.view(None)
    assert v["deal_number"] == 2 and v["dealer"] == 1 and v["turn"] == 2
    assert v["melds"] == [] and v["totals"] == {0: 500, 1: -40}
    assert all(v["counts"][s]["foot"] == 13 and v["counts"][s]["stage"] == "hand"
               for s in range(4))
    assert v["zones"]["discard"] == 1
    assert sum(v["zones"].values()) == 270
    assert v["opened"] == {0: False, 1: False}
    assert v["min_count"] == {0: 90, 1: 90}
    assert melds_of(g, 0) == []


def test_HF_E5_game_ends_after_the_last_deal_higher_total_wins():
    g = ready("9C", extra="deal_number: 4\ndealer: 3\ntotals.0: 100\ntotals.1: 5000\n")
    g.apply(0, discard_action(g, 0, "9C"))
    assert g.over and g.phase == "game_over" and g.to_act == frozenset()
    team0, team1 = g.totals[0], g.totals[1]
    assert g.winners == ((0,) if team0 > team1 else (1,))
    msg = refused(g, 1, {"type": "next_deal"}, "HF-T1")
    assert "over" in msg


def test_HF_E5_equal_totals_is_a_draw():
    g = position("deal_number: 4\ndealer: 3\nturn: 0\nphase: play\nstage.0: foot\n"
                 "stage.1: foot\nstage.2: foot\nstage.3: foot\nhands.0: 5C 6C\n"
                 "totals.0: 105\ntotals.1: 100\nstock: 0")
    g.apply(0, discard_action(g, 0, "5C"))   # the stock is empty: the deal ends
    assert g.over
    assert g.totals == {0: 100, 1: 100}
    assert g.winners == (0, 1)
    assert g.view(None)["winners"] == [0, 1]


@pytest.mark.parametrize("deals", [1, 2])
def test_HF_E5_game_length_follows_deals_option(deals):
    g = position(f"deal_number: {deals}\ndealer: {deals - 1}\nturn: {deals % 4}\nphase: play\n"
                 f"hands.{deals % 4}: 5C 6C\nstock: 0", options={"deals": deals})
    g.apply(deals % 4, discard_action(g, deals % 4, "5C"))
    assert g.over


def test_HF_E2_a_turn_left_with_nothing_legal_on_an_empty_stock_ends_the_deal():
    """Our reading of a case HF-E2 does not name: the last stock card was a red three,
    its replacement could not be drawn, and the player holds one card in the foot stage
    that HF-G7 does not let them discard (their side lacks the piles to go out). The turn
    cannot end, so the deal ends as it would at the end of that turn, the card unplayed."""
    g = ready("9C", melds0="KS KH KD", phase="draw", extra="stock: 3H\n")
    events = draw(g, 0)
    assert {"type": "stock_exhausted"} in events
    assert g.phase == "deal_over" and g.view(None)["stock"] == 0
    row = g.score_sheet[-1]
    assert row["stock_exhausted"] is True and row["went_out"] is None
