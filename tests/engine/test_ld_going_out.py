"""Looking and Down: going out (LD-G) and the end of a deal and of the game (LD-E)."""

from __future__ import annotations

import engine

from .helpers import ids, refused
from .ld_helpers import event_types, position

READY = """turn: 1
phase: play
hands.1: 6H 6S 6D 8C
hands.2: 4H 4S 4D 9D
melds.1: QH QS QD QC QH QS QD | KH KS KD KC KH KS 2C
stage.1: down
discard: 10C
stock: 30"""


def test_LD_G1_only_a_down_stage_player_goes_out() -> None:
    game = position(READY.replace("stage.1: down", "stage.1: looking"))
    events = game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    assert "went_out" not in event_types(events) and game.stage[1] == "down"
    assert game.phase == "draw" and game.turn == 2


def test_LD_G2_two_canastas_to_go_out() -> None:
    game = position(READY.replace(" | KH KS KD KC KH KS 2C", ""))
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]}, "LD-G2")
    game = position(READY.replace("6H 6S 6D 8C", "8C").replace(" | KH KS KD KC KH KS 2C",
                                                                 ""))
    refused(game, 1, {"type": "discard", "card": ids(game, 1, "8C")[0]}, "LD-G2")


def test_LD_G3_going_out_by_the_last_discard_or_by_melding() -> None:
    game = position(READY)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    assert {"type": "went_out", "seat": 1, "frozen": False} in events
    game = position(READY.replace("6H 6S 6D 8C", "6H 6S 6D"))
    events = game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert "went_out" in event_types(events) and game.phase == "deal_over"


def test_LD_G4_no_single_card_left_in_own_turn_unless_it_could_go_out() -> None:
    game = position(READY.replace(" | KH KS KD KC KH KS 2C", ""))
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]}, "LD-G2")
    game = position(READY)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})  # G2 holds
    assert len(game.hands[1]) == 1


def test_LD_G5_going_out_scores_100() -> None:
    game = position(READY)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    assert game.score_sheet[-1]["teams"][1]["going_out"] == 100


def test_LD_G6_going_out_in_turn_ends_the_deal_at_once() -> None:
    game = position(READY.replace("6H 6S 6D 8C", "6H 6S 6D"))
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.phase == "deal_over" and len(game.score_sheet) == 1


def test_LD_G7_nobody_goes_out_in_the_final_round() -> None:
    game = position(READY.replace(" | KH KS KD KC KH KS 2C", ""),
                    final_round={"emptier": 0, "turns_left": 3}, stock=0)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    assert "went_out" not in event_types(events) and "hand_emptied" in event_types(events)
    assert game.turn == 2


def test_LD_E1_going_out_in_turn_ends_and_scores_the_deal() -> None:
    game = position(READY)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "8C")[0]})
    assert event_types(events)[-1] == "deal_scored"
    assert game.score_sheet[-1]["went_out"] == [1]


def test_LD_E2_going_out_while_frozen_and_another_going_out_meanwhile() -> None:
    game = position("""turn: 1
phase: play
hands.0: 6H 6S 6D
hands.1: 7H 7S 7D
hands.2: 4H 4S 4D 9D
melds.0: QH QS QD QC QH QS QD | KH KS KD KC KH KS 2C
melds.1: AH AS AD AC AH AS AD | JH JS JD JC JH JS 2D
stage.0: down
stage.1: down
discard: 10C
stock: 30""", frozen=[0])
    game.apply(0, {"type": "meld", "melds": [ids(game, 0, "6H 6S 6D")]})
    assert game.phase == "play"
    events = game.apply(1, {"type": "meld", "melds": [ids(game, 1, "7H 7S 7D")]})
    assert event_types(events)[-1] == "deal_scored"
    row = game.score_sheet[-1]
    assert row["went_out"] == [0, 1]
    assert [row["teams"][s]["going_out"] for s in range(3)] == [100, 100, 0]


FINAL = """turn: 1
phase: draw
hands.0: 5H 6S
hands.1: 8H 9C
hands.2: 4H 7S
stock: 2"""


def test_LD_E3_final_round_after_the_stock_runs_out() -> None:
    game = position(FINAL)
    events = game.apply(1, {"type": "draw"})
    assert "stock_exhausted" in event_types(events) and game.final_round is None
    events = game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert "final_round" in event_types(events)
    assert game.view(None)["final_round"] == {"emptier": 1, "turns_left": 3}
    # The listing says the draw takes nothing, for the screen to name its key so.
    assert {"type": "draw", "count": 0} in game.legal(2)
    for seat in (2, 0):
        assert game.apply(seat, {"type": "draw"})[0]["count"] == 0
        game.apply(seat, {"type": "discard", "card": game.hands[seat][0]})
    assert game.turn == 1 and game.phase == "draw"
    game.apply(1, {"type": "draw"})
    events = game.apply(1, {"type": "discard", "card": game.hands[1][0]})
    assert event_types(events)[-1] == "deal_scored"
    row = game.score_sheet[-1]
    assert row["stock_exhausted"] and row["went_out"] == []


def test_LD_E3_an_empty_handed_final_round_turn_ends_at_once() -> None:
    game = position(FINAL.replace("hands.2: 4H 7S", "hands.2: 4H 4S 4D")
                    .replace("stock: 2", "stock: 0"),
                    final_round={"emptier": 0, "turns_left": 3}, stage={2: "down"},
                    downs={2: None}, opened={2: True})
    game.apply(1, {"type": "draw"})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert game.turn == 2
    assert game.apply(2, {"type": "draw"})[0]["count"] == 0
    game.apply(2, {"type": "meld", "melds": [ids(game, 2, "4H 4S 4D")]})
    assert game.turn == 0  # no discard due from an empty hand
    game.apply(0, {"type": "draw"})
    events = game.apply(0, {"type": "discard", "card": ids(game, 0, "5H")[0]})
    assert event_types(events)[-1] == "deal_scored"


def test_LD_E3_option_until_emptier_is_one_turn_shorter() -> None:
    game = position(FINAL, options={"final_round": "until_emptier"})
    game.apply(1, {"type": "draw"})
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    for seat in (2, 0):
        game.apply(seat, {"type": "draw"})
        events = game.apply(seat, {"type": "discard", "card": game.hands[seat][0]})
    assert event_types(events)[-1] == "deal_scored"


def test_LD_E4_next_deal_by_the_next_looking_dealer() -> None:
    game = position(READY.replace("6H 6S 6D 8C", "6H 6S 6D"), dealer=1)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.phase == "deal_over"
    nxt = game._dealers(2)[0]
    assert game.to_act == {nxt} and nxt != game.keeper
    total = dict(game.totals)
    game.apply(nxt, {"type": "next_deal"})
    assert game.deal_number == 2 and game.melds == {} and game.totals == total
    assert game.phase == "draw"


def test_LD_E5_the_game_ends_at_the_target_and_the_highest_total_wins() -> None:
    game = position(READY.replace("6H 6S 6D 8C", "6H 6S 6D"),
                    totals={1: 9000, 2: 9990}, options={"target_score": 10000})
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.over and game.phase == "game_over"
    assert game.totals[1] >= 10000 and game.winners == (1,)


def test_LD_E5_tied_highest_totals_share_the_win() -> None:
    text = READY.replace("6H 6S 6D 8C", "6H 6S 6D")
    game = position(text, totals={0: 20000})
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.over and game.winners == (0,)
    d0, d1 = (game.score_sheet[-1]["teams"][s]["deal_score"] for s in (0, 1))
    game = position(text, totals={0: 20000 + d1, 1: 20000 + d0})
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.winners == (0, 1)


def test_LD_E6_max_deals_ends_the_game() -> None:
    game = position(READY.replace("6H 6S 6D 8C", "6H 6S 6D"), options={"max_deals": 1})
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "6H 6S 6D")]})
    assert game.over
    assert engine.GAMES["looking_and_down"].options["max_deals"] is None


def test_LD_E3_the_pile_may_be_taken_in_the_final_round_but_not_twice_running() -> None:
    game = position("""turn: 1
phase: draw
hands.1: 8H 8S 9C
hands.2: 4H 7S
melds.1: QH QS QD
discard: 5D 8D
stock: 0""", final_round={"emptier": 0, "turns_left": 3})
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "8H 8S")})
    assert len(game.hands[1]) == 5
    game = position("""turn: 1
phase: draw
hands.1: 8H 8S 9C
melds.1: QH QS QD
discard: 5D 8D
stock: 0""", final_round={"emptier": 0, "turns_left": 3}, took_pile_last_turn={1: True})
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "8H 8S")}, "LD-P3")
    assert game.apply(1, {"type": "draw"})[0]["count"] == 0


def test_LD_G3_the_listing_says_which_last_discard_goes_out() -> None:
    """A screen asks "Discard 8♣ and go out?" from the listing: it says so for the down
    hand's last card (LD-G3), not in the final round, where that card only empties the
    hand (LD-G7), nor in the looking hand, where the down hand comes next (LD-T7)."""
    last = READY.replace("6H 6S 6D 8C", "8C")

    def discard(game: engine.Game) -> dict:
        return next(e for e in game.legal(1) if e["type"] == "discard")

    assert discard(position(last)) == {"type": "discard", "cards": ids(position(last), 1, "8C"),
                                       "goes_out": True}
    final = position(last, final_round={"emptier": 0, "turns_left": 3}, stock=0)
    assert "goes_out" not in discard(final)
    assert "goes_out" not in discard(position(last.replace("stage.1: down", "stage.1: looking")))
