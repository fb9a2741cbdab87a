"""Looking and Down: scoring (LD-SC), the worked example of §8.1, and the options (LD-O)."""

from __future__ import annotations

import pytest

import engine
from engine import InvalidAction

from .helpers import ids
from .ld_helpers import GAME, position

WORKED = """deal_number: 3
looking_dealer: 3
down_dealer: 1
turn: 2
phase: play
hands.0: 2H JD
hands.1: 3D 7C 3S
hands.2: 8C
hands.3: JK 2D AH KS 10D 8C 6H 4S 4D 3C 3H 7S
downs.3: QH JH JS 9C 8D 7H 6S 5C 4C 3D 2S
stage.0: down
stage.1: down
stage.2: down
stage.3: looking
melds.0: 8H 8S 8D 8C 8H 8S 8D | 6D 6S 6C
melds.1: AH AS AD AC JK 2S 2H | KH KS KD | KC KH 2C
melds.2: QH QS QD QC QH QS QD 3H | 9H 9S 9D 9C 2C 2D JK | 5H 5S 5D 2H
melds.3: 10H 10S 10D | 6D 6C 2H
totals.0: 1450
totals.1: 2980
totals.2: 6900
totals.3: -40
stock: 40"""


def worked() -> engine.Game:
    return position(WORKED, seats=4)


def test_LD_SC_worked_example_of_section_8_1() -> None:
    game = worked()
    assert [game.min_count(s) for s in range(4)] == [50, 90, 150, 15]
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    row = game.score_sheet[-1]
    scores = {s: row["teams"][s]["deal_score"] for s in range(4)}
    assert scores == {0: 555, 1: 35, 2: 1635, 3: -1170}
    assert game.totals == {0: 2005, 1: 3015, 2: 8535, 3: -1210}
    assert [game.min_count(s) for s in range(4)] == [90, 120, 210, 15]
    assert not game.over and game.phase == "deal_over"
    assert game._dealers(4) == (1, 2) and game.next_nk(2) == 3
    two = row["teams"][2]
    assert (two["going_out"], two["melded"], two["penalty_total"]) == (100, 235, 0)
    assert two["canastas"]["red_canasta_3"] == {"count": 1, "bonus": 1000}
    assert two["canastas"]["black_canasta"] == {"count": 1, "bonus": 300}
    three = row["teams"][3]
    assert three["penalty"] == {"hand": -140, "down": -90,
                                "red_threes": {"count": 2, "points": -1000}}


def test_LD_SC1_going_out_and_exact_grab_bonuses() -> None:
    game = worked()
    game.exact_grab = [0, 100, 0, 0]
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    row = game.score_sheet[-1]["teams"]
    assert row[2]["going_out"] == 100 and row[1]["exact_grab"] == 100
    assert row[1]["deal_score"] == 135


def test_LD_SC2_canasta_bonuses_and_nothing_for_black_threes() -> None:
    game = position("""turn: 1
phase: play
hands.1: 9C
melds.1: 7S 7H 7D 7C 7S 7H 7D | KS KH KD KC 2S JK 2D | 3S 3C 3S 3C 3S 3C 3S
stage.1: down
stock: 9""")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "9C")[0]})
    item = game.score_sheet[-1]["teams"][1]
    assert item["canastas"] == {"red_canasta": {"count": 1, "bonus": 500},
                                "red_canasta_3": {"count": 0, "bonus": 0},
                                "black_canasta": {"count": 1, "bonus": 300}}
    assert item["melded"] == 35 + 130 and item["deal_score"] == 100 + 800 + 165


def test_LD_SC3_penalty_for_cards_left_with_500_per_red_three() -> None:
    game = worked()
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    one = game.score_sheet[-1]["teams"][1]
    assert one["penalty"] == {"hand": -5, "down": 0, "red_threes": {"count": 1, "points": -500}}
    assert one["penalty_total"] == -505


def test_LD_SC4_melded_card_points_red_and_black_threes_count_zero() -> None:
    game = worked()
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    assert [game.score_sheet[-1]["teams"][s]["melded"] for s in range(4)] == [85, 240, 235, 60]


def test_LD_SC5_deal_score_may_be_negative_and_sets_the_next_minimum() -> None:
    game = worked()
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    assert game.score_sheet[-1]["teams"][3]["deal_score"] < 0
    assert game.min_count(3) == 15  # by the new total, -1210


def test_LD_SC6_score_sheet_row_items() -> None:
    game = worked()
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    row = game.score_sheet[-1]
    assert set(row) == {"deal", "went_out", "stock_exhausted", "teams"}
    assert set(row["teams"][0]) == {"going_out", "exact_grab", "canastas", "penalty",
                                    "penalty_total", "melded", "deal_score", "total", "stage"}
    assert game.view(None)["score_sheet"][-1] == row


def test_LD_O1_score_keeper() -> None:
    assert engine.create_game(GAME, 4, 1, {"score_keeper": 3}).view(None)["score_keeper"] == 3
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 4, 1, {"score_keeper": 4})
    assert e.value.rule == "LD-O1"


def test_LD_O2_first_dealer_defaults_to_the_first_non_keeper_left_of_the_keeper() -> None:
    assert engine.create_game(GAME, 4, 1, {"score_keeper": 3}).dealer == 0
    assert engine.create_game(GAME, 4, 1, {"first_dealer": 2}).dealer == 2


def test_LD_O3_exact_grab_option_values() -> None:
    for bad in ({"exact_grab": "sometimes"}, {"exact_grab_chance": 2}):
        with pytest.raises(InvalidAction) as e:
            engine.create_game(GAME, 3, 1, bad)
        assert e.value.rule == "LD-O3"


def test_LD_O4_frozen_in_time_must_be_a_boolean() -> None:
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 3, 1, {"frozen_in_time": "yes"})
    assert e.value.rule == "LD-O4"


def test_LD_O5_target_score() -> None:
    game = engine.create_game(GAME, 3, 1, {"target_score": 500})
    assert game.rules.target_score == 500 and game.view(None)["target_score"] == 500
    with pytest.raises(InvalidAction):
        engine.create_game(GAME, 3, 1, {"target_score": 0})


def test_LD_O6_max_deals() -> None:
    assert engine.create_game(GAME, 3, 1, {"max_deals": 2}).rules.max_deals == 2
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 3, 1, {"max_deals": 0})
    assert e.value.rule == "LD-O6"


def test_LD_O7_looking_and_down_sizes() -> None:
    game = engine.create_game(GAME, 3, 1, {"looking_size": 13, "down_size": 13})
    assert len(game.hands[game.turn]) == 13 and game.view(None)["counts"][0]["down"] == 13


def test_LD_O8_canastas_to_go_out() -> None:
    game = position(WORKED.replace(
        "| 9H 9S 9D 9C 2C 2D JK ", "| 9H 9S 9D 9C 2C 2D "), seats=4,
        options={"canastas_to_go_out": 1})
    game.apply(2, {"type": "discard", "card": ids(game, 2, "8C")[0]})
    assert game.score_sheet[-1]["went_out"] == [2]


def test_LD_O9_final_round_option_values() -> None:
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 3, 1, {"final_round": "half"})
    assert e.value.rule == "LD-O9"


def test_LD_O10_min_count_table() -> None:
    game = engine.create_game(GAME, 3, 1, {"min_count_table": [[None, 5], [0, 40]]})
    game.totals[0] = -1
    assert game.min_count(0) == 5 and game.min_count(1) == 40
    for bad in ([[0, 50], [None, 15]], [[0]], "50"):
        with pytest.raises(InvalidAction) as e:
            engine.create_game(GAME, 3, 1, {"min_count_table": bad})
        assert e.value.rule == "LD-O10"


def test_LD_O_unknown_option() -> None:
    with pytest.raises(InvalidAction) as e:
        engine.create_game(GAME, 3, 1, {"deals": 3})
    assert e.value.rule == "LD-O"
