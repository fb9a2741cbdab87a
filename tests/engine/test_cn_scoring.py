"""Canastone: the score sheet (CN-S, the worked examples of §8.1 and §8.2) and every
option (CN-O1..O13)."""

from __future__ import annotations

import pytest

import engine
from engine.cn_options import DEFAULTS

from .cn_helpers import READY, discard, meld, position, row
from .helpers import refused

EXAMPLE_1 = """phase: play
turn: 0
hands.0: 9C
hands.1: QH QS 6D
hands.2: 4S 9H 3C
hands.3: KC 7D 7H 3S
melds.0: KH KS KD KC KH KS KD KC | QH QS QD QC QH QS QD | 8H 8S 8D 8C 8H 8S 8D | \
AH AS AD AC AH AS AD | 7H 7S 7D 7C 7H 2C 2D | JK JK JK JK JK JK 2H | 5H 5S 5D
melds.1: AH AS AD AC AC 2S 2H | 2C 2C 2D 2D 2H 2S 2S | 9H 9S 9D 9C 9H 9S 9D | JH JS JD JC
red_threes.0: 3H 3D
red_threes.1: 3H 3D 3H
stock: 20
"""

EXAMPLE_2 = """phase: play
turn: 1
hands.0: AS AD
hands.1: 8C 8H 5S 4D
hands.2: JK
hands.3: QD 3C
melds.0: KH KS KD KC KH KS KD | 4H 4S 4D 4C 4H 4S 4D | 10H 10S 10D 10C 10H 10S 2C | \
JH JS JD JC JH 2D 2H | JK JK JK JK 2S 2C 2D
melds.1: 9H 9S 9D 2C | 6H 6S 6D 6C
red_threes.0: 3H
red_threes.1: 3H 3D
stock: 1
"""


def test_CN_S_worked_example_1() -> None:
    game = position(EXAMPLE_1)
    game.apply(0, discard(game, 0, "9C"))
    t0, t1 = row(game)["teams"][0], row(game)["teams"][1]
    assert (t0["melded"], t0["canasta_bonus"], t0["many_canastas"], t0["going_out"]) == \
        (760, 7800, 2000, 300)
    assert t0["red_threes"] == {"count": 2, "each": 100, "points": 200}
    assert t0["penalty"] == {0: 0, 2: -20} and t0["deal_score"] == 11040
    assert (t1["melded"], t1["canasta_bonus"], t1["many_canastas"], t1["going_out"]) == \
        (390, 4000, 0, 0)
    assert t1["red_threes"]["points"] == 300 and t1["penalty"] == {1: -25, 3: -25}
    assert t1["deal_score"] == 4640
    assert game.totals == {0: 11040, 1: 4640}


def test_CN_S_worked_example_2() -> None:
    game = position(EXAMPLE_2)
    game.apply(1, discard(game, 1, "4D"))
    sheet = row(game)
    assert sheet["reason"] == "stock" and sheet["went_out"] is None
    t0, t1 = sheet["teams"][0], sheet["teams"][1]
    assert (t0["melded"], t0["canasta_bonus"], t0["many_canastas"], t0["going_out"]) == \
        (535, 3600, 1000, 0)
    assert t0["red_threes"]["points"] == 100 and t0["penalty_total"] == -90
    assert t0["deal_score"] == 5145
    assert (t1["melded"], t1["red_threes"]["points"], t1["penalty_total"]) == (70, -400, -40)
    assert t1["deal_score"] == -370
    assert [c["class"] for c in t0["canastas"]] == ["natural", "natural", "mixed", "mixed",
                                                     "wild_mixed"]
    game.apply(min(game.to_act), {"type": "next_deal"})
    assert game.view(None)["initial_minimum"] == {0: 120, 1: 50}


def ended(melds: str, reds: str = "", hand: str = "9C 4D", going_out: bool = False,
          **keys: object) -> dict:
    """Team 0's row after a deal ending with these melds (by the stock, or seat 0 going
    out with 9C)."""
    text = f"phase: play\nturn: 0\nhands.0: {hand}\nmelds.0: {melds}\nstock: " \
           f"{20 if going_out else 1}\n" + (f"red_threes.0: {reds}\n" if reds else "")
    game = position(text, **keys)
    game.apply(0, discard(game, 0, "9C" if going_out else "4D"))
    return row(game)["teams"][0]


def test_CN_S1_melded_card_values() -> None:
    assert ended("KH KS KD | JK 2C 2D | 5H 5S 2H")["melded"] == 30 + 90 + 30


def test_CN_S2_cards_left_count_against_partners_included() -> None:
    game = position(READY + "\nphase: play\nturn: 0\nhands.0: 9C\nhands.2: 3S JK AC 4H\n"
                            "stock: 20\n")
    game.apply(0, discard(game, 0, "9C"))
    assert row(game)["teams"][0]["penalty"] == {0: 0, 2: -(5 + 50 + 20 + 5)}


def test_CN_S3_going_out_scores_300() -> None:
    assert ended("KH KS KD KC KH KS KD | 8H 8S 8D 8C 8H 8S 2C", hand="9C",
                 going_out=True)["going_out"] == 300
    assert ended("KH KS KD KC KH KS KD | 8H 8S 8D 8C 8H 8S 2C")["going_out"] == 0


@pytest.mark.parametrize(("cards", "cls", "bonus"), [
    ("KH KS KD KC KH KS KD", "natural", 500), ("KH KS KD KC KH KS 2D", "mixed", 300),
    ("AH AS AD AC AH AS AD", "natural", 1000), ("AH AS AD AC AH 2S 2D", "mixed", 500),
    ("JK JK JK 2C 2D 2H 2S", "wild_mixed", 2000), ("2C 2D 2H 2S 2C 2D 2H", "wild_natural", 3000),
    ("JK JK JK JK JK JK 2H", "wild_natural", 5000)])
def test_CN_S4_canasta_bonuses(cards: str, cls: str, bonus: int) -> None:
    canastas = ended(cards)["canastas"]
    assert [(c["class"], c["bonus"]) for c in canastas] == [(cls, bonus)]


FIVE_NATURAL = "KH KS KD KC KH KS KD | QH QS QD QC QH QS QD | 8H 8S 8D 8C 8H 8S 8D | " \
               "AH AS AD AC AH AS AD | 2C 2D 2H 2S 2C 2D 2H"
MIXED = " | 7H 7S 7D 7C 7H 2C JK"
FIVE_MIXED = "KH KS KD KC KH KS 2D | QH QS QD QC QH QS 2D | 8H 8S 8D 8C 8H 8S 2D | " \
             "AH AS AD AC AH AS 2S | 7H 7S 7D 7C 7H 2C JK"


def test_CN_S5_five_canastas() -> None:
    assert ended(FIVE_NATURAL)["many_canastas"] == 1000
    assert ended(FIVE_NATURAL + MIXED)["many_canastas"] == 2000
    assert ended(FIVE_MIXED)["many_canastas"] == 1000
    assert ended("KH KS KD KC KH KS KD" + MIXED)["many_canastas"] == 0


@pytest.mark.parametrize(("melds", "reds", "points"), [
    ("KH KS KD KC KH KS KD" + MIXED, "3H 3D 3H", 300),
    ("KH KS KD KC KH KS KD" + MIXED, "3H 3D 3H 3D", 800),
    ("KH KS KD KC KH KS KD", "3H 3D", 0),
    ("KH KS KD KC KH KS 2D", "3H 3D", -200),
    ("KH KS KD", "3H 3D 3H", -600),
    ("KH KS KD", "3H 3D 3H 3D", -1600)])
def test_CN_S6_red_threes_by_the_teams_canastas(melds: str, reds: str, points: int) -> None:
    assert ended(melds, reds)["red_threes"]["points"] == points


def test_CN_S7_a_red_three_in_a_hand_would_cost_500() -> None:
    game = engine.create_game("canastone", 4, 0)
    red = next(i for i, c in enumerate(game.codes) if c == "3H")
    assert game._held_value([red]) == 500


def test_CN_S8_the_deal_score_adds_every_item_to_the_total() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 9C 4D\nmelds.0: KH KS KD\n"
                    "red_threes.0: 3H\nstock: 1\ntotals.0: 1000\n")
    game.apply(0, discard(game, 0, "4D"))
    t0 = row(game)["teams"][0]
    assert t0["deal_score"] == 30 - 200 - 10 and t0["total"] == 820 == game.totals[0]


def test_CN_S9_the_row_itemises_everything() -> None:
    game = position(EXAMPLE_1)
    game.apply(0, discard(game, 0, "9C"))
    sheet = row(game)
    assert sheet["reason"] == "went_out" and sheet["deal"] == 1
    for item in sheet["teams"].values():
        assert set(item) == {"melded", "canastas", "canasta_bonus", "many_canastas",
                             "going_out", "red_threes", "penalty", "penalty_total",
                             "deal_score", "total"}
        assert all(set(c) == {"meld", "rank", "class", "bonus"} for c in item["canastas"])
    assert game.view(None)["score_sheet"] == game.score_sheet


# ---------------------------------------------------------------- options


def test_CN_O_unknown_and_bad_options_are_refused() -> None:
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("canastone", 4, 0, {"deals": 3})
    assert e.value.rule == "CN-O"
    bad = {"first_dealer": 4, "target_score": 0, "premeld_draw": 3,
           "go_out_canastas": "any", "unfinished_wild_meld_blocks_wilds": 1,
           "unfinished_wild_meld_blocks_going_out": "no", "many_canastas": "all",
           "red_three_values": "double", "wild_melds": None, "partner_permission": 0,
           "clean_opening_at_50": "yes", "unopened_hand_doubled": 2, "max_deals": 0}
    for n, (name, value) in enumerate(bad.items(), start=1):
        with pytest.raises(engine.InvalidAction) as e:
            engine.create_game("canastone", 4, 0, {name: value})
        assert e.value.rule == f"CN-O{n}", name
    assert list(DEFAULTS) == list(bad)


def test_CN_O1_first_dealer() -> None:
    game = engine.create_game("canastone", 3, 0, {"first_dealer": 1})
    assert game.dealer == 1 and game.turn == 2


def test_CN_O2_target_score() -> None:
    assert engine.create_game("canastone", 4, 0).options["target_score"] == 12000
    game = position("phase: play\nturn: 0\nhands.0: 9C 4D\nstock: 1\ntotals.0: 14000\n",
                    options={"target_score": 15000})
    assert game.view(None)["initial_minimum"][0] == 200
    game.apply(0, discard(game, 0, "4D"))
    assert not game.over


def test_CN_O3_premeld_draw_one() -> None:
    game = position("phase: draw\nturn: 0\nhands.0: 9C 4D\nstock: 20\n",
                    options={"premeld_draw": 1})
    game.apply(0, {"type": "draw"})
    assert len(game.hands[0]) == 3 and game.phase == "premeld_discard"


def test_CN_O4_two_natural_canastas_to_go_out() -> None:
    text = "phase: play\nturn: 0\nhands.0: 9C\nstock: 20\nmelds.0: "
    game = position(text + READY[len("melds.0: "):], options={"go_out_canastas": "two_natural"})
    refused(game, 0, discard(game, 0, "9C"), "CN-G1")
    game = position(text + "KH KS KD KC KH KS KD | QH QS QD QC QH QS QD",
                    options={"go_out_canastas": "two_natural"})
    game.apply(0, discard(game, 0, "9C"))
    assert row(game)["reason"] == "went_out"


def test_CN_O5_unfinished_wild_meld_blocks_wilds_off() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 9S 9D 2C JK 4C\nmelds.0: QH QS QD | "
                    "2S JK 2C\nstock: 20\n",
                    options={"unfinished_wild_meld_blocks_wilds": False})
    game.apply(0, meld(game, 0, "9S 9D 2C"))
    game.apply(0, discard(game, 0, "JK"))


def test_CN_O6_unfinished_wild_meld_blocks_going_out_off() -> None:
    text = "phase: play\nturn: 0\nhands.0: 9C\nstock: 20\nmelds.0: " + READY[
        len("melds.0: "):] + " | 2D JK 2H\n"
    game = position(text, options={"unfinished_wild_meld_blocks_going_out": False})
    game.apply(0, discard(game, 0, "9C"))
    assert row(game)["reason"] == "went_out"


@pytest.mark.parametrize(("how", "melds", "bonus"), [
    ("pagat", FIVE_NATURAL, 0), ("pagat", FIVE_MIXED, 0),
    ("pagat", FIVE_NATURAL.replace("| 2C 2D 2H 2S 2C 2D 2H", MIXED), 1000),
    ("pagat", FIVE_NATURAL + MIXED, 2000),
    ("five_natural", FIVE_NATURAL, 2000), ("five_natural", FIVE_MIXED, 1000),
    ("none", FIVE_NATURAL + MIXED, 0)])
def test_CN_O7_many_canastas(how: str, melds: str, bonus: int) -> None:
    assert ended(melds, options={"many_canastas": how})["many_canastas"] == bonus


def test_CN_O8_flat_red_threes() -> None:
    reds = ended("KH KS KD", "3H 3D 3H 3D", options={"red_three_values": "flat"})
    assert reds["red_threes"] == {"count": 4, "each": 100, "points": 400}


def test_CN_O9_no_wild_melds() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 2C JK 2D 4C 5C\nmelds.0: QH QS QD\n"
                    "stock: 20\n", options={"wild_melds": False})
    refused(game, 0, meld(game, 0, "2C JK 2D"), "CN-O9")
    assert all(e["type"] != "meld" for e in game.legal(0))


def test_CN_O10_no_asking() -> None:
    text = "phase: play\nturn: 0\nhands.0: KC 9D\nstock: 20\n" + READY + "\n"
    game = position(text, options={"partner_permission": False})
    mid = next(m["id"] for m in game.view(None)["melds"] if m["rank"] == "K")
    kc = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "KC")
    nine = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "9D")
    refused(game, 0, {"type": "ask_to_go_out", "plan": {
        "melds": [], "lay_offs": [{"meld": mid, "cards": [kc]}], "discard": nine}}, "CN-O10")


def test_CN_O11_clean_opening_at_50() -> None:
    text = "phase: draw\nturn: 0\nhands.0: KH KS KD AH AS 2C 9C\nstock: 20\n"
    game = position(text, options={"clean_opening_at_50": True})
    refused(game, 0, meld(game, 0, "KH KS KD", "AH AS 2C"), "CN-I2")
    plain = position(text)
    plain.apply(0, meld(plain, 0, "KH KS KD", "AH AS 2C"))
    rich = position(text + "totals.0: 3000\n", options={"clean_opening_at_50": True})
    rich.apply(0, meld(rich, 0, "KH KS KD", "AH AS 2C"))


def test_CN_O12_an_unopened_team_pays_double() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 9C 4D\nhands.1: KC JK\nstock: 1\n"
                    "melds.0: QH QS QD\n", options={"unopened_hand_doubled": True})
    game.apply(0, discard(game, 0, "4D"))
    assert row(game)["teams"][1]["penalty"][1] == -120
    assert row(game)["teams"][0]["penalty"][0] == -10


def test_CN_O13_max_deals() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 9C 4D\nstock: 1\ndeal_number: 2\n",
                    options={"max_deals": 2})
    game.apply(0, discard(game, 0, "4D"))
    assert game.over
