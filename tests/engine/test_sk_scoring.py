"""Skarney: scoring (SK-S) with the rules file's three worked examples, individual play
(SK-V), the options (SK-O) and the decisions of §10 (SK-A) not tested beside their rule."""

from __future__ import annotations

import pytest

import engine

from .helpers import refused
from .sk_helpers import kinds, lay, meld_of, offer, position, types

# §8.1: deal 5; team 0 = {0, 2}; seat 2 goes out by melding its three jokers.
EXAMPLE_1 = """turn: 2
phase: play
deal_number: 5
dealer: 0
hands.0: 6C 6H 9S
hands.1: AS 2H
hands.2: JK JK JK
hands.3: KD 4C 4C
melds.0: 9H 10H JH QH KH AH | 2S=2S 3S 4S 5S | 8C 8D 2H
melds.1: QS QD QC JK | 5D 6D 7D | 2C 2D 2S
stock: 20"""


def test_SK_S_worked_example_1() -> None:
    game = position(EXAMPLE_1)
    game.apply(2, meld_of(game, 2, "JK JK JK"))
    row = game.score_sheet[-1]
    team0, team1 = row["teams"][0], row["teams"][1]
    assert (team0["melded"], team0["hand_bonus"], team0["shutdown"],
            team0["penalty_total"], team0["deal_score"]) == (435, 300, 0, 0, 735)
    assert team0["bonus_reason"] == "went_out" and team0["penalty"] == {0: 0, 2: 0}
    assert (team1["melded"], team1["penalty"], team1["deal_score"]) == \
        (245, {1: -65, 3: -20}, 160)


EXAMPLE_2 = """turn: 3
phase: play
deal_number: 2
dealer: 2
hands.0: JK 9C 9D 5H 5S KH
hands.1: 9S
hands.2: QH QH 3D 8S 2C
hands.3: 4D 5D 6D
melds.1: 7S 7H 7D 7C | 10C JC QC KC | AS AD AH
stock: 20"""


def test_SK_S_worked_example_2_shutdown() -> None:
    game = position(EXAMPLE_2)
    game.apply(3, meld_of(game, 3, "4D 5D 6D"))
    row = game.score_sheet[-1]
    team1, team0 = row["teams"][1], row["teams"][0]
    assert (team1["melded"], team1["hand_bonus"], team1["shutdown"],
            team1["deal_score"]) == (120, 100, 200, 420)
    assert team0["penalty"] == {0: -130, 2: -80} and team0["deal_score"] == -210


EXAMPLE_3 = """turn: 1
phase: draw
deal_number: 7
dealer: 0
hands.0: KS KD
hands.1: 9C 9C 8C 8C
hands.2: QS QD 10S 10D
hands.3: AS AD 3S 3S 3D 3D 3H 3H 3C 3C
melds.0: AS AH AD | KS KH KD | QS QH QD | JS JH JD | 10S 10H 10D | 9S 9H 9D | 8S 8H 8D | 7S 7H 7D
melds.1: AC AC AH | KC KC KH | QC QC QH | JC JC JH | 10C 10C 10H | 4C 5C 6C 7C
stock: 6D"""


def test_SK_S_worked_example_3_nobody_out() -> None:
    game = position(EXAMPLE_3)
    game.apply(1, {"type": "draw"})
    game.apply(1, {"type": "end_turn"})
    row = game.score_sheet[-1]
    assert row["went_out"] is None and not row["void"]
    team0, team1 = row["teams"][0], row["teams"][1]
    assert (team0["melded"], team0["hand_bonus"], team0["bonus_reason"],
            team0["penalty_total"], team0["deal_score"]) == (210, 500, "most_meld_points",
                                                             -60, 650)
    assert (team1["melded"], team1["penalty_total"], team1["deal_score"]) == (185, -95, 90)


def test_SK_S1_every_team_scores_its_melds() -> None:
    test_SK_S_worked_example_1()


def test_SK_S2_hand_bonus_by_deal() -> None:
    from engine.sk_options import hand_bonus
    assert [hand_bonus(d) for d in range(1, 10)] == [100, 100, 100, 200, 300, 400, 500,
                                                    500, 500]


def test_SK_S3_shutdown_when_no_opponent_has_a_meld() -> None:
    test_SK_S_worked_example_2_shutdown()
    game = position(EXAMPLE_2, options={"shutdown": "off"})
    game.apply(3, meld_of(game, 3, "4D 5D 6D"))
    assert game.score_sheet[-1]["teams"][1]["shutdown"] == 0


def test_SK_S4_hand_penalty_except_the_going_out_team() -> None:
    test_SK_S_worked_example_1()


def test_SK_S5_deal_score_may_be_negative_and_adds_up() -> None:
    game = position(EXAMPLE_2, totals={0: 50, 1: 0})
    game.apply(3, meld_of(game, 3, "4D 5D 6D"))
    assert game.totals == {0: -160, 1: 420}


def test_SK_S6_score_sheet_row_itemised() -> None:
    game = position(EXAMPLE_1)
    game.apply(2, meld_of(game, 2, "JK JK JK"))
    row = game.view(None)["score_sheet"][-1]
    assert set(row) == {"deal", "void", "went_out", "stock_exhausted", "teams"}
    assert set(row["teams"][0]) == {"melded", "hand_bonus", "bonus_reason", "shutdown",
                                    "penalty", "penalty_total", "deal_score", "total"}


# ----------------------------------------------------------------- individual play
INDIVIDUAL = """turn: 0
phase: play
deal_number: 1
hands.0: 7H 9C
hands.1: 4C 5C 2H
hands.2: 6D 6S
melds.1: 8D 8S JK
stock: 30"""


def test_SK_V1_individual_play_each_for_themselves() -> None:
    game = position(INDIVIDUAL, seats=3)
    assert game.teams == ((0,), (1,), (2,))
    game.apply(0, offer(game, 0, "9C"))
    assert game.view(None)["offer"]["remaining"] == [2]
    assert "ask_to_go_out" not in kinds(game, 1)


def test_SK_V2_two_players_offer_to_the_opponent_only() -> None:
    game = position(INDIVIDUAL.replace("hands.2: 6D 6S\n", "").replace("melds.1", "melds.1"),
                    seats=2)
    game.apply(0, offer(game, 0, "9C"))
    assert game.view(None)["offer"] == {"seat": 0, "card": game.view(0)["offer"]["card"],
                                        "asked": 1, "remaining": []}
    game.apply(1, {"type": "decline"})
    assert game.turn == 1 and "9C" in [c["code"] for c in game.view(0)["hand"]]


def test_SK_V3_three_and_four_individual_players() -> None:
    game = engine.create_game("skarney", 4, 3, {"partnership": False})
    assert len(game.teams) == 4 and game.view(None)["partnership"] is False


def test_SK_V4_four_in_partnership_is_the_default() -> None:
    assert engine.create_game("skarney", 4, 3).view(None)["partnership"] is True


# ----------------------------------------------------------------- options
def test_SK_O1_first_dealer() -> None:
    assert engine.create_game("skarney", 3, 0, {"first_dealer": 1}).dealer == 1


def test_SK_O2_partnership_option() -> None:
    test_SK_V3_three_and_four_individual_players()
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("skarney", 4, 0, {"partnership": "yes"})
    assert e.value.rule == "SK-O2"


def test_SK_O3_contracts_as_data() -> None:
    game = engine.create_game("skarney", 2, 0, {"contracts": {"1": [[3, 3], [
        {"size": 4, "kind": "sequence"}, 3]]}})
    assert game.view(0)["contract_text"] == "2 melds of 3 cards or sequence of 4, meld of 3"
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("skarney", 2, 0, {"contracts": {"1": [[2]]}})
    assert e.value.rule == "SK-O3"


DOWN0 = INDIVIDUAL.replace("hands.0: 7H 9C", "hands.0: AH 2C 3H 4H 9C 9C 9S 9D 8H") + \
    "\nmelds.0: 9S 9H 9D"


def test_SK_O4_ace_low() -> None:
    game = position(DOWN0, seats=3)
    refused(game, 0, meld_of(game, 0, "AH 2C=2H 3H"), "SK-M3")
    game = position(DOWN0, seats=3, options={"ace_low": True})
    game.apply(0, meld_of(game, 0, "AH 2C=2H 3H"))
    assert game.view(None)["melds"][-1]["kind"] == "sequence"


def test_SK_O5_max_group_size() -> None:
    game = position(DOWN0, seats=3, options={"max_group_size": 4})
    game.apply(0, lay(game, 0, 1, "9C"))
    refused(game, 0, lay(game, 0, 1, "9C"), "SK-M2")


def test_SK_O6_contract_turn_play() -> None:
    text = """turn: 0\nphase: play\nhands.0: 7H 7S 7D 9C 10C JC KD KS KH 8C 4D\nstock: 30"""
    game = position(text, seats=2, options={"contract_turn_play": True})
    game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC", "KD KS KH"))
    game.apply(0, lay(game, 0, 2, "8C"))


def test_SK_O7_shutdown_off() -> None:
    test_SK_S3_shutdown_when_no_opponent_has_a_meld()


def test_SK_O8_layoff_limit_none() -> None:
    game = position(DOWN0, seats=3, options={"layoff_limit": None})
    game.apply(0, {"type": "lay_off", "meld": 1,
                   "cards": [c["id"] for c in game.view(0)["hand"] if c["code"][0] == "9"]})


def test_SK_O9_void_replay_limit() -> None:
    text = """turn: 0\nphase: draw\nhands.0: 4C\nhands.1: 5C\nstock: 1"""
    game = position(text, seats=2, options={"void_replay_limit": 0})
    game.apply(0, {"type": "draw"})
    game.apply(0, {"type": "end_turn"})
    row = game.score_sheet[-1]
    assert not row["void"] and row["teams"][0]["hand_bonus"] == 0 and game.deal_number == 1


def test_SK_O10_deals() -> None:
    game = engine.create_game("skarney", 2, 0, {"deals": 1})
    assert game.rules.deals == 1
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("skarney", 2, 0, {"deals": 0})
    assert e.value.rule == "SK-O10"


# ----------------------------------------------------------------- decisions of §10
def test_SK_A1_default_contracts_three_of_three_then_three_of_four() -> None:
    from engine.sk_options import DEFAULTS
    assert DEFAULTS["contracts"]["3"] == [[3, 3, 3]] and DEFAULTS["contracts"]["4"] == \
        [[4, 4, 4]]


def test_SK_A2_shutdown_means_no_opponent_down() -> None:
    test_SK_S_worked_example_2_shutdown()


def test_SK_A3_individual_play_is_partnership_without_partner() -> None:
    test_SK_V1_individual_play_each_for_themselves()


def test_SK_A4_secondary_differences_are_options() -> None:
    assert {"ace_low", "max_group_size"} <= set(engine.GAMES["skarney"].options)


def test_SK_A5_ace_high_by_default() -> None:
    test_SK_O4_ace_low()


def test_SK_A6_no_group_limit_by_default() -> None:
    game = position(DOWN0, seats=3)
    game.apply(0, lay(game, 0, 1, "9C"))
    game.apply(0, lay(game, 0, 1, "9C"))
    assert game.view(None)["melds"][0]["size"] == 5


def test_SK_A8_no_limit_on_melds_of_a_rank() -> None:
    game = position(DOWN0, seats=3)
    game.apply(0, meld_of(game, 0, "9C 9C 9S"))
    assert [m["rank"] for m in game.view(None)["melds"] if m["team"] == 0] == ["9", "9"]


def test_SK_A10_the_lay_off_count_is_per_turn_across_actions() -> None:
    game = position(DOWN0, seats=3)
    game.apply(0, lay(game, 0, 1, "9C"))
    game.apply(0, lay(game, 0, 1, "9C"))
    refused(game, 0, lay(game, 0, 1, "9S"), "SK-M9")


def test_SK_A16_void_deals_replay_for_ever_by_default() -> None:
    assert engine.GAMES["skarney"].options["void_replay_limit"] is None


def test_SK_events_public_and_plain() -> None:
    game = position(EXAMPLE_1)
    events = game.apply(2, meld_of(game, 2, "JK JK JK"))
    assert types(events) == ["melded", "went_out", "deal_scored"]
