"""Hand and Foot scoring (HF-SC1..SC7, card values HF-C3, wild values HF-M11), with the
worked example of shared/rules/hand_and_foot.md §8.1."""

from __future__ import annotations

import pytest

from .helpers import discard_action, position

TEAM_A = ("KS KH KD KC KS KH KD | 5H 5S 5D 5C 5H 5S 5D | AH AS AD AC AH 2C JK | "
          "8H 8S 8D 8C 8H 8S 2D | JK JK JK 2H 2S 2D 2C | 9H 9S 9D 9C 2H")
TEAM_B = "QH QS QD QC QH 2S 2H | JH JS JD JC JH JS JD | 6H 6S 6D | 10H 10S 10D 10C JK"
WORKED_EXAMPLE = f"""
# §8.1: deal 1, seat 0 of team A = {0, 2} is about to go out by discarding 4C
deal_number: 1
dealer: 3
turn: 0
phase: play
permission: yes
asked: true
stage.0: foot
stage.1: hand
stage.2: foot
stage.3: foot
foot_played.2: true
hands.0: 4C
hands.1: AH JK 4S 4D
hands.2: 7C 3S QD
hands.3: QC 2C
feet.1: KH KS 9C 7D 6C 3S 3H 2D AS 8C 5H 10C JK
melds.0: {TEAM_A}
melds.1: {TEAM_B}
red_threes.0: 3H 3D
red_threes.1: 3H
stock: 40
"""


def test_HF_SC_worked_example_8_1():
    g = position(WORKED_EXAMPLE)
    g.apply(0, discard_action(g, 0, "4C"))
    assert g.phase == "deal_over"
    (row,) = g.score_sheet
    assert row["deal"] == 1 and row["went_out"] == 0 and row["stock_exhausted"] is False
    a, b = row["teams"][0], row["teams"][1]
    # Team A
    assert a["melded"] == 645
    assert a["piles"] == {"clean": {"count": 2, "bonus": 1000},
                          "dirty": {"count": 2, "bonus": 600},
                          "wild": {"count": 1, "bonus": 1500}}
    assert a["red_threes"] == {"count": 2, "points": 200}
    assert a["going_out"] == 100
    assert a["penalty"] == {0: {"hand": 0, "foot": 0}, 2: {"hand": -20, "foot": 0}}
    assert a["penalty_total"] == -20
    assert a["deal_score"] == 4025 and a["total"] == 4025
    # Team B
    assert b["melded"] == 265
    assert b["piles"] == {"clean": {"count": 1, "bonus": 500},
                          "dirty": {"count": 1, "bonus": 300},
                          "wild": {"count": 0, "bonus": 0}}
    assert b["red_threes"] == {"count": 1, "points": 100}
    assert b["going_out"] == 0
    assert b["penalty"] == {1: {"hand": -80, "foot": -260}, 3: {"hand": -30, "foot": 0}}
    assert b["penalty_total"] == -370
    assert b["deal_score"] == 795 and b["total"] == 795
    assert g.totals == {0: 4025, 1: 795}
    assert g.view(1)["score_sheet"] == g.score_sheet


def exhaust(text: str, **extra):
    """End the deal by the stock running out: seat 0 (foot stage) discards 4C on an empty
    stock. Unnamed seats hold nothing and are in the foot stage."""
    spec = ("turn: 0\nphase: play\nstock: 0\nstage.0: foot\nstage.1: foot\nstage.2: foot\n"
            "stage.3: foot\n" + text)
    if "hands.0:" not in text:
        spec += "\nhands.0: 4C 5C"
    g = position(spec, **extra)
    g.apply(0, discard_action(g, 0, "4C"))
    assert g.phase == "deal_over"
    return g.score_sheet[-1]["teams"]


# ---------------------------------------------------------------- HF-C3 card values
@pytest.mark.parametrize("card,value", [
    ("JK", 50), ("2S", 20), ("2H", 20), ("AD", 20), ("KC", 10), ("QS", 10), ("JH", 10),
    ("10D", 10), ("9C", 10), ("8S", 10), ("7H", 5), ("6D", 5), ("5C", 5), ("4S", 5),
    ("3S", 5), ("3C", 5)])
def test_HF_C3_card_values(card, value):
    teams = exhaust(f"hands.1: {card}\nmelds.0: 8S 8H 8D")
    assert teams[1]["penalty"][1]["hand"] == -value


def test_HF_C3_red_three_has_no_card_value_but_costs_100_unplayed():
    teams = exhaust("stage.1: hand\nhands.1: 4S\nfeet.1: 3H 3D 4D")
    assert teams[1]["penalty"][1] == {"hand": -5, "foot": -205}


# ---------------------------------------------------------------- HF-SC1..SC7
def test_HF_SC1_melded_cards_complete_and_incomplete():
    teams = exhaust("melds.0: KS KH KD KC KS KH KD | 9S 9H JK | 4S 4H 4D 2C")
    assert teams[0]["melded"] == 70 + (20 + 50) + (15 + 20)


def test_HF_M11_wild_in_a_natural_meld_keeps_its_own_value():
    teams = exhaust("melds.0: KS KH KD JK | 4S 4H 4D 2C")
    assert teams[0]["melded"] == 30 + 50 + 15 + 20


def test_HF_SC2_pile_bonuses():
    teams = exhaust("melds.0: KS KH KD KC KS KH KD | QS QH QD QC QS 2H 2D | "
                    "JK JK 2C 2C 2S 2S 2H | 9S 9H 9D 9C 9S 9H")
    assert teams[0]["piles"] == {"clean": {"count": 1, "bonus": 500},
                                 "dirty": {"count": 1, "bonus": 300},
                                 "wild": {"count": 1, "bonus": 1500}}
    assert teams[0]["deal_score"] == teams[0]["melded"] + 2300 - 5


def test_HF_SC3_red_threes_count_even_without_melds():
    teams = exhaust("red_threes.1: 3H 3D 3D")
    assert teams[1]["red_threes"] == {"count": 3, "points": 300}
    assert teams[1]["deal_score"] == 300


def test_HF_SC4_going_out_bonus_only_to_the_team_that_went_out():
    g = position(WORKED_EXAMPLE)
    g.apply(0, discard_action(g, 0, "4C"))
    assert [g.score_sheet[0]["teams"][t]["going_out"] for t in (0, 1)] == [100, 0]
    teams = exhaust("melds.0: KS KH KD")
    assert teams[0]["going_out"] == 0 and teams[1]["going_out"] == 0


def test_HF_SC5_unplayed_cards_of_both_partners_hand_and_foot():
    teams = exhaust("stage.1: hand\nhands.1: KS 4S\nfeet.1: JK 3D\nhands.3: AS")
    assert teams[1]["penalty"] == {1: {"hand": -15, "foot": -150}, 3: {"hand": -20, "foot": 0}}
    assert teams[1]["penalty_total"] == -185
    assert teams[0]["penalty"][0] == {"hand": -5, "foot": 0}  # the 5C left after discarding


def test_HF_SC6_deal_score_may_be_negative_and_adds_to_total():
    teams = exhaust("hands.3: JK JK\nmelds.1: 4S 4H 4D\ntotals.1: 1000\ntotals.0: 20")
    assert teams[1]["deal_score"] == 15 - 100
    assert teams[1]["total"] == 915
    assert teams[0]["deal_score"] == -5 and teams[0]["total"] == 15


def test_HF_SC7_score_row_itemises_every_line():
    g = position(WORKED_EXAMPLE)
    events = g.apply(0, discard_action(g, 0, "4C"))
    row = g.score_sheet[-1]
    assert {"type": "deal_scored", "deal": 1, "row": row} in events
    for item in row["teams"].values():
        assert {"melded", "piles", "red_threes", "going_out", "penalty", "penalty_total",
                "deal_score", "total"} <= set(item)
        assert set(item["piles"]) == {"clean", "dirty", "wild"}
        parts = (item["melded"] + sum(p["bonus"] for p in item["piles"].values())
                 + item["red_threes"]["points"] + item["going_out"] + item["exact_cut"]
                 + item["penalty_total"])
        assert parts == item["deal_score"]
        assert item["penalty_total"] == sum(p["hand"] + p["foot"]
                                            for p in item["penalty"].values())
    for seat in (None, 0, 1, 2, 3):
        assert g.view(seat)["score_sheet"] == g.score_sheet
