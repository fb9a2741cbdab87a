"""Canastone: the turn and the pile (CN-T, CN-P)."""

from __future__ import annotations

from .cn_helpers import discard, kinds, lay, meld, meld_id, meld_view, position, take
from .helpers import hand_codes, ids, refused

CLOSED = "phase: draw\nturn: 0\nhands.0: KH KS KD AC AH 2D 9C 9S 4D\nhands.1: 5C 6C 7C\n" \
         "discard: 9H\nstock: 8C 8D 6S 6H 6D 7S\n"
OPEN = "phase: draw\nturn: 0\nhands.0: 9S 9D 9C 4D 5C JS\nhands.1: 5C 6C 7C\n" \
       "melds.0: QH QS QD\nmelds.1: 7H 7S 7D\ndiscard: 6D 9H\nstock: 8C 8D 6S 6H 6D 7S\n"


def test_CN_T1_only_the_seat_to_act_with_the_phases_kinds() -> None:
    game = position(OPEN)
    refused(game, 1, {"type": "draw"}, "CN-T1")
    refused(game, 0, {"type": "next_deal"}, "CN-T1")
    refused(game, 0, {"type": "steal_wild", "meld": 1, "wild": 1, "card": 1}, "CN-T1")


def test_CN_T2_a_closed_team_melds_first_or_draws_and_discards() -> None:
    game = position(CLOSED)
    refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9C 9S")}, "CN-P1")
    refused(game, 0, {"type": "discard", "card": ids(game, 0, "4D")[0]}, "CN-T2")
    drew = position(CLOSED)
    drew.apply(0, {"type": "draw"})
    assert drew.phase == "premeld_discard" and len(drew.hands[0]) == 11
    game.apply(0, meld(game, 0, "KH KS KD", "AC AH 2D"))
    assert game.phase == "draw" and game.opened[0]
    game.apply(0, {"type": "draw"})
    assert game.phase == "play"


def test_CN_T3_an_open_team_draws_two_or_takes_the_pile_before_melding() -> None:
    game = position(OPEN)
    refused(game, 0, meld(game, 0, "9S 9D 9C"), "CN-T3")
    refused(game, 0, lay(game, 0, meld_id(game, 0, "Q"), "JS"), "CN-T3")
    game.apply(0, {"type": "draw"})
    assert game.phase == "play" and hand_codes(game, 0).count("8C") == 1
    assert len(game.hands[0]) == 8


def test_CN_T4_after_a_closed_draw_only_the_discard() -> None:
    game = position(CLOSED)
    game.apply(0, {"type": "draw"})
    refused(game, 0, meld(game, 0, "KH KS KD", "AC AH 2D"), "CN-T4")
    refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9C 9S")}, "CN-T4")
    assert [e["type"] for e in game.legal(0)] == ["discard"]
    game.apply(0, discard(game, 0, "4D"))
    assert game.turn == 1 and game.phase == "draw"


def test_CN_T5_melds_and_lay_offs_in_any_order_then_a_discard() -> None:
    game = position(OPEN.replace("JS", "QC"))
    game.apply(0, {"type": "draw"})
    game.apply(0, lay(game, 0, meld_id(game, 0, "Q"), "QC"))
    game.apply(0, meld(game, 0, "9S 9D 9C"))
    game.apply(0, discard(game, 0, "4D"))
    assert game.turn == 1 and meld_view(game, 0, "Q")["size"] == 4
    assert meld_view(game, 0, "9")["size"] == 3


def test_CN_T6_any_card_may_be_discarded_a_wild_one_freezes() -> None:
    game = position("phase: play\nturn: 0\nhands.0: 2C 3S 9H\nmelds.0: QH QS QD\n"
                    "discard: 9C\nstock: 20\n")
    events = game.apply(0, discard(game, 0, "2C"))
    assert kinds(events)[:2] == ["discarded", "pile_frozen"] and game.frozen
    again = position("phase: play\nturn: 0\nhands.0: 2C 3S 9H\nmelds.0: QH QS QD\n"
                     "discard: 9C\nstock: 20\n")
    again.apply(0, discard(again, 0, "3S"))
    assert again.view(None)["discard"]["blocked"] and not again.frozen


def test_CN_T7_the_next_seat_plays_unless_the_stock_is_too_small() -> None:
    game = position("phase: play\nturn: 3\nhands.3: 5C 6C 7C\nstock: 2\n")
    game.apply(3, discard(game, 3, "5C"))
    assert game.turn == 0 and game.phase == "draw"
    game = position("phase: play\nturn: 3\nhands.3: 5C 6C 7C\nstock: 1\n")
    events = game.apply(3, discard(game, 3, "5C"))
    assert "stock_exhausted" in kinds(events) and game.phase == "deal_over"


def test_CN_T8_only_the_top_card_and_the_counts_are_shown() -> None:
    game = position("phase: draw\nturn: 1\nhands.1: 5C 6C 7C\ndiscard: 8H 2C KD 9S\n"
                    "face_down_under_pile: 5\nstock: 20\n")
    view = game.view(1)
    pile = view["discard"]
    assert pile["top"]["code"] == "9S" and pile["face_up"] == 4 and pile["face_down"] == 5
    assert pile["size"] == 9 and pile["frozen"]
    shown = {c["id"] for c in view["hand"]} | {pile["top"]["id"]}
    assert not shown & set(game.discard[:-1])


def test_CN_P1_only_an_open_team_takes_only_instead_of_drawing() -> None:
    game = position(OPEN)
    game.apply(0, {"type": "draw"})
    refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9S 9D")}, "CN-P1")
    opening = position("phase: draw\nturn: 0\nhands.0: KH KS KD AC AH 2D 9C 9S 4D\n"
                       "discard: 9H\nstock: 20\n")
    opening.apply(0, meld(opening, 0, "KH KS KD", "AC AH 2D"))
    opening.apply(0, take(opening, 0, "9C 9S"))
    assert opening.phase == "play" and meld_view(opening, 0, "9")["size"] == 3


def test_CN_P2_a_wild_card_or_black_three_on_top_stops_the_take() -> None:
    for top in ("2C", "JK", "3S"):
        game = position(OPEN.replace("discard: 6D 9H", f"discard: 9H {top}"))
        refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9S 9D")}, "CN-P2")
        assert all(e["type"] != "take_pile" for e in game.legal(0))


def test_CN_P3_a_wild_card_in_the_face_up_pile_freezes_it() -> None:
    frozen = position(OPEN.replace("discard: 6D 9H", "discard: JK 6D 9H"))
    assert frozen.view(None)["discard"]["frozen"]
    down = position(OPEN + "face_down_under_pile: 2C JK 2D 2S\n")
    assert not down.view(None)["discard"]["frozen"]
    frozen.apply(0, take(frozen, 0, "9S 9D 9C"))
    assert not frozen.frozen and not frozen.view(None)["discard"]["frozen"]


def test_CN_P4_the_cards_shown_are_naturals_of_the_top_rank() -> None:
    game = position(OPEN)
    refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9S")}, "CN-P4")
    refused(game, 0, {"type": "take_pile", "cards": ids(game, 0, "9S 4D")}, "CN-P4")
    refused(game, 0, {"type": "take_pile", "cards": [*ids(game, 0, "9S"), 999]}, "CN-P4")
    frozen = position(OPEN.replace("discard: 6D 9H", "discard: 2D 9H"))
    refused(frozen, 0, {"type": "take_pile", "cards": ids(frozen, 0, "9S 9D")}, "CN-P4")
    with_wild = position(OPEN.replace("JS", "2S"))
    refused(with_wild, 0, {"type": "take_pile", "cards": ids(with_wild, 0, "9S 2S")}, "CN-P4")
    canasta = position(OPEN.replace("melds.0: QH QS QD", "melds.0: 9H 9S 9D 9C 9H 9S 9D"))
    refused(canasta, 0, {"type": "take_pile", "cards": ids(canasta, 0, "9C")}, "CN-P4")


def test_CN_P5_the_top_card_and_the_naturals_meld_or_join_that_rank() -> None:
    game = position(OPEN)
    game.apply(0, take(game, 0, "9S 9D"))
    assert meld_view(game, 0, "9")["size"] == 3
    merged = position(OPEN.replace("melds.0: QH QS QD", "melds.0: 9H 9S 9D 9C 9H 9S 2C")
                      .replace("9S 9D 9C 4D", "9D 9C 4D"))
    merged.apply(0, take(merged, 0, "9D 9C"))
    m = meld_view(merged, 0, "9")
    assert m["size"] == 10 and m["canasta"] == "mixed"


def test_CN_P6_the_rest_of_the_pile_goes_to_the_hand() -> None:
    game = position(OPEN.replace("discard: 6D 9H", "discard: 4S 6D 9H"))
    game.apply(0, take(game, 0, "9S 9D"))
    assert hand_codes(game, 0) == sorted(["9C", "4D", "5C", "JS", "4S", "6D", "8C"])


def test_CN_P7_the_first_taker_receives_the_face_down_cards() -> None:
    game = position(OPEN + "face_down_under_pile: KC KH\n")
    events = game.apply(0, take(game, 0, "9S 9D"))
    assert events[0]["face_down"] == 2 and "KC" in hand_codes(game, 0)
    assert game.view(None)["discard"]["face_down"] == 0


def test_CN_P8_then_one_card_from_the_stock() -> None:
    game = position(OPEN)
    events = game.apply(0, take(game, 0, "9S 9D"))
    assert kinds(events) == ["took_pile", "melded", "drew"] and events[-1]["count"] == 1
    pile = game.view(None)["discard"]
    assert pile["size"] == 0 and not pile["frozen"] and game.phase == "play"


def test_CN_P9_a_take_that_empties_the_hand_is_refused() -> None:
    game = position("phase: draw\nturn: 0\nhands.0: 9S 9D\nmelds.0: QH QS QD\n"
                    "discard: 9H\nstock: 20\n")
    refused(game, 0, take(game, 0, "9S 9D"), "CN-G2")


def test_CN_P10_further_melds_with_the_take() -> None:
    game = position(OPEN.replace("4D 5C JS", "KH KS KD 4D"))
    game.apply(0, take(game, 0, "9S 9D", "KH KS KD"))
    assert meld_view(game, 0, "K")["size"] == 3 and meld_view(game, 0, "9")["size"] == 3
    bad = position(OPEN.replace("4D 5C JS", "QC QD QH 4D"))
    refused(bad, 0, take(bad, 0, "9S 9D", "QC QD QH"), "CN-M6")


def test_CN_P11_the_first_rule_that_fails_is_named() -> None:
    closed = position(CLOSED.replace("discard: 9H", "discard: 9H 3S"))
    refused(closed, 0, {"type": "take_pile", "cards": [12345]}, "CN-P1")
    blocked = position(OPEN.replace("discard: 6D 9H", "discard: 9H 3S"))
    refused(blocked, 0, {"type": "take_pile", "cards": [12345]}, "CN-P2")
    game = position(OPEN)
    refused(game, 0, {"type": "take_pile", "cards": [12345, *ids(game, 0, "4D")]}, "CN-P4")
