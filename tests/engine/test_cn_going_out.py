"""Canastone: going out, the partner's question, the end of a deal and of the game
(CN-G, CN-E, CN-V)."""

from __future__ import annotations

import pytest

import engine

from .cn_helpers import READY, discard, kinds, lay, meld, meld_id, position, row
from .helpers import ids, refused

PLAY = "phase: play\nturn: 0\nstock: 20\n"


def ready(hand: str, extra: str = "", seats: int = 4, **keys: object) -> engine.Game:
    return position(PLAY + READY + f"\nhands.0: {hand}\n" + extra, seats=seats, **keys)


def plan_of(game: engine.Game, lay_offs: list[tuple[int, str]], last: str,
            melds: tuple[str, ...] = ()) -> dict:
    out: dict = {"melds": [], "lay_offs": [], "discard": None}
    for m in melds:
        out["melds"].append(meld(game, 0, m)["melds"][0])
    for mid, codes in lay_offs:
        out["lay_offs"].append({"meld": mid, "cards": ids(game, 0, codes)})
    out["discard"] = ids(game, 0, last)[0]
    return out


def test_CN_G1_a_natural_and_a_mixed_canasta_no_unfinished_wild_meld_a_natural_last() -> None:
    bare = position(PLAY + "hands.0: 9C\nmelds.0: KH KS KD KC KH KS KD\n")
    refused(bare, 0, discard(bare, 0, "9C"), "CN-G1")
    wild = ready("9C", "melds.0: KH KS KD KC KH KS KD | 8H 8S 8D 8C 8H 8S 2C | 2D JK 2H\n")
    refused(wild, 0, discard(wild, 0, "9C"), "CN-G1")
    for last in ("2D", "JK", "3S"):
        game = ready(last)
        refused(game, 0, discard(game, 0, last), "CN-G1")
    game = ready("9C")
    events = game.apply(0, discard(game, 0, "9C"))
    assert kinds(events)[:2] == ["discarded", "went_out"]


def test_CN_G2_no_meld_or_lay_off_empties_the_hand() -> None:
    game = ready("5H 5S 5D")
    refused(game, 0, meld(game, 0, "5H 5S 5D"), "CN-G2")
    game = ready("KC")
    refused(game, 0, lay(game, 0, meld_id(game, 0, "K"), "KC"), "CN-G2")


def test_CN_G3_going_out_is_discarding_the_last_card() -> None:
    game = ready("9C")
    game.apply(0, discard(game, 0, "9C"))
    assert row(game)["reason"] == "went_out" and row(game)["went_out"] == 0
    barred = ready("9C", barred=True)
    refused(barred, 0, discard(barred, 0, "9C"), "CN-G7")


def test_CN_G4_one_card_is_kept_only_to_go_out_with() -> None:
    game = position(PLAY + "hands.0: 5H 5S 5D 9C\nmelds.0: QH QS QD\n")
    refused(game, 0, meld(game, 0, "5H 5S 5D"), "CN-G4")
    game = ready("5H 5S 5D 9C")
    game.apply(0, meld(game, 0, "5H 5S 5D"))
    game = ready("KC 2D")
    refused(game, 0, lay(game, 0, meld_id(game, 0, "K"), "KC"), "CN-G4")
    game = ready("KC 9D")
    game.apply(0, lay(game, 0, meld_id(game, 0, "K"), "KC"))
    assert [e["type"] for e in game.legal(0)] == ["discard"]


def test_CN_G4_a_meld_that_leaves_only_the_card_going_out_is_listed() -> None:
    """Play-test: 5C 7H 7D 7D with the canastas to go out; the engine took the meld of
    the sevens, but the listing kept two cards and offered none (no m on the screen)."""
    game = ready("5C 7H 7D 7D")
    (entry,) = [e for e in game.legal(0) if e["type"] == "meld"]
    assert entry["max_cards"] == 3
    assert [sorted(b["cards"]) for b in entry["blocks"]] == [sorted(ids(game, 0, "7H 7D 7D"))]
    (ask,) = [e for e in game.legal(0) if e["type"] == "ask_to_go_out"]  # or ask first
    assert ask["options"] == [{"type": "ask_to_go_out", "plan": {
        "melds": [entry["blocks"][0]["cards"]], "lay_offs": [],
        "discard": ids(game, 0, "5C")[0]}}]
    game.check(0, ask["options"][0])
    game.apply(0, {"type": "meld", "melds": [entry["blocks"][0]["cards"]]})
    assert [e["type"] for e in game.legal(0)] == ["discard"]  # and the 5C goes out
    for closed in (position(PLAY + "hands.0: 5C 7H 7D 7D\nmelds.0: QH QS QD\n"),  # CN-G1
                   ready("2C 7H 7D 7D"),  # the card left would be a wild card
                   ready("5C 7H 7D 7D", barred=True)):  # CN-G7
        assert not [e for e in closed.legal(0) if e["type"] == "meld"]


def test_CN_G5_the_ask_carries_a_whole_going_out() -> None:
    game = ready("KC 9D")
    k = meld_id(game, 0, "K")
    action = {"type": "ask_to_go_out", "plan": plan_of(game, [(k, "KC")], "9D")}
    events = game.apply(0, action)
    assert events == [{"type": "asked_to_go_out", "seat": 0, "partner": 2}]
    assert game.phase == "answer" and game.to_act == {2}
    for seat in (1, 2, 3, None):
        view = game.view(seat)
        assert view["question"] == {"seat": 0, "partner": 2} and "plan" not in view
    assert game.view(0)["plan"][-1] == {"type": "discard", "card": ids(game, 0, "9D")[0]}
    short = ready("KC 9D 4H")
    said = refused(short, 0, {"type": "ask_to_go_out",
                              "plan": plan_of(short, [(k, "KC")], "9D")}, "CN-G5")
    # (in the player's words: "the plan must go out" was the engine's, play-test)
    assert said.startswith("what you ask to go out with must go out"), said
    bad = ready("2C 9D")
    refused(bad, 0, {"type": "ask_to_go_out", "plan": plan_of(bad, [(k, "2C")], "9D")},
            "CN-M10")
    wild_last = ready("KC 2D")
    refused(wild_last, 0, {"type": "ask_to_go_out",
                           "plan": plan_of(wild_last, [(k, "KC")], "2D")}, "CN-G4")
    alone = ready("KC 9D", seats=2)
    refused(alone, 0, {"type": "ask_to_go_out", "plan": plan_of(alone, [(k, "KC")], "9D")},
            "CN-G5")


def test_CN_G6_yes_applies_the_plan() -> None:
    game = ready("KC 9D 5H 5S 5D")
    k = meld_id(game, 0, "K")
    game.apply(0, {"type": "ask_to_go_out",
                   "plan": plan_of(game, [(k, "KC")], "9D", melds=("5H 5S 5D",))})
    events = game.apply(2, {"type": "answer", "answer": {"allow": True}})
    assert kinds(events)[:3] == ["answered", "melded", "laid_off"]
    assert "went_out" in kinds(events) and row(game)["went_out"] == 0
    assert row(game)["teams"][0]["going_out"] == 300


def test_CN_G7_no_bars_going_out_this_turn() -> None:
    game = ready("KC 9D")
    k = meld_id(game, 0, "K")
    ask = {"type": "ask_to_go_out", "plan": plan_of(game, [(k, "KC")], "9D")}
    game.apply(0, ask)
    game.apply(2, {"type": "answer", "answer": {"allow": False}})
    assert game.phase == "play" and game.to_act == {0} and game.barred
    refused(game, 0, lay(game, 0, k, "KC"), "CN-G4")
    refused(game, 0, ask, "CN-G5")
    game.apply(0, discard(game, 0, "KC"))
    assert game.turn == 1 and not game.barred


def test_CN_G5_the_listed_ask_keeps_the_natural_no_meld_takes_for_the_last_card() -> None:
    game = ready("KC 9D")  # the king lays off; the nine, which no meld takes, goes last
    offered = next(e for e in game.legal(0) if e["type"] == "ask_to_go_out")["options"]
    k = meld_id(game, 0, "K")
    assert offered[0]["plan"] == plan_of(game, [(k, "KC")], "9D")
    game.check(0, offered[0])
    swapped = ready("9D KC")  # the hand's order does not decide it
    offered = next(e for e in swapped.legal(0) if e["type"] == "ask_to_go_out")["options"]
    assert offered[0]["plan"] == plan_of(swapped, [(k, "KC")], "9D")


def test_CN_G5_six_players_name_the_partner() -> None:
    game = ready("KC 9D", seats=6)
    k = meld_id(game, 0, "K")
    plan = plan_of(game, [(k, "KC")], "9D")
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan}, "CN-G5")
    refused(game, 0, {"type": "ask_to_go_out", "plan": plan, "partner": 1}, "CN-G5")
    game.apply(0, {"type": "ask_to_go_out", "plan": plan, "partner": 4})
    assert game.to_act == {4}


def test_CN_E1_going_out_ends_the_deal_at_once() -> None:
    game = ready("9C")
    events = game.apply(0, discard(game, 0, "9C"))
    assert kinds(events) == ["discarded", "went_out", "deal_scored"]
    assert game.phase == "deal_over"


def test_CN_E2_a_turn_ending_on_a_stock_of_one_ends_the_deal() -> None:
    game = position(READY + "\nphase: play\nturn: 0\nhands.0: 9C 4D\nstock: 1\n")
    events = game.apply(0, discard(game, 0, "4D"))
    assert kinds(events) == ["discarded", "stock_exhausted", "deal_scored"]
    assert row(game)["reason"] == "stock" and row(game)["teams"][0]["going_out"] == 0


def test_CN_E3_a_red_three_without_replacement_ends_the_deal() -> None:
    game = position("phase: draw\nturn: 0\nhands.0: 9H 4D\nmelds.0: QH QS QD\n"
                    "discard: 5C\nstock: 8C 3D\n")
    events = game.apply(0, {"type": "draw"})
    assert kinds(events)[-3:] == ["red_threes", "deal_ended", "deal_scored"]
    assert row(game)["reason"] == "red_three" and game.phase == "deal_over"
    assert all(t["going_out"] == 0 for t in row(game)["teams"].values())


def test_CN_E4_the_next_dealer_starts_the_next_deal() -> None:
    game = position(READY + "\nphase: play\nturn: 0\nhands.0: 9C\nred_threes.0: 3H\n"
                    "stock: 20\n")
    game.apply(0, discard(game, 0, "9C"))
    assert game.to_act == {1}
    total = dict(game.totals)
    game.apply(1, {"type": "next_deal"})
    assert game.deal_number == 2 and game.dealer == 1 and game.turn == 2
    assert game.totals == total and not game.melds


def test_CN_E5_the_game_ends_at_the_target_ties_share_the_win() -> None:
    game = ready("9C", target_score=1000)
    game.apply(0, discard(game, 0, "9C"))
    assert game.over and game.phase == "game_over" and game.winners == (0,)
    tie = position("phase: play\nturn: 0\nhands.0: 9C 4D\nhands.1: 9D\nstock: 1\n"
                   "totals.0: 510\n"
                   "totals.1: 510\n", target_score=500)
    tie.apply(0, discard(tie, 0, "4D"))
    assert tie.over and tie.winners == (0, 1)


@pytest.mark.parametrize(("seats", "teams"), [(2, ((0,), (1,))), (3, ((0,), (1,), (2,))),
                                              (4, ((0, 2), (1, 3))),
                                              (6, ((0, 2, 4), (1, 3, 5)))])
def test_CN_V1_V2_V3_V4_teams_by_player_count(seats: int, teams: tuple) -> None:
    game = engine.create_game("canastone", seats, 1)
    assert game.teams == teams
    assert all(len(h) == 15 for h in game.hands) or game.events
    assert game.view(None)["partnership"] == (seats >= 4)
