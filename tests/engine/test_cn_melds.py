"""Canastone: melds, canastas and the initial meld (CN-M, CN-I)."""

from __future__ import annotations

import pytest

from .cn_helpers import discard, lay, meld, meld_id, meld_view, position, row
from .helpers import hand_codes, ids, refused

PLAY = "phase: play\nturn: 0\nmelds.0: QH QS QD\nstock: 20\n"


def playing(hand: str, extra: str = "", **keys: object) -> object:
    return position(PLAY + f"hands.0: {hand}\n" + extra, **keys)


def test_CN_M1_rank_melds_and_wild_melds() -> None:
    game = playing("9S 9D 9C KH KS KD 2D JK 2H 4C 5C")
    game.apply(0, meld(game, 0, "9S 9D 9C", "2D JK 2H"))
    assert meld_view(game, 0, "9")["kind"] == "natural"
    assert meld_view(game, 0, None)["kind"] == "wild"


def test_CN_M1_naturals_of_two_ranks_are_refused_by_their_own_rule() -> None:
    """Play-test: a 4 and two 5s (or a 4 laid off onto the 5s) was refused as CN-M3, the
    wild limit, whose text says nothing of ranks."""
    game = playing("4C 5C 5S 4H 9S", "melds.0: QH QS QD | 5H 5D 5S\n")
    refused(game, 0, meld(game, 0, "4C 5C 5S"), "CN-M1")
    refused(game, 0, lay(game, 0, meld_id(game, 0, "5"), "4H"), "CN-M1")


def test_CN_M2_a_new_meld_has_three_cards() -> None:
    game = playing("9S 9D KH 4C 5C")
    refused(game, 0, meld(game, 0, "9S 9D"), "CN-M2")


@pytest.mark.parametrize(("cards", "ok"), [
    ("7H 7S 2C", True), ("7H 7S 2C JK", False), ("7H 7S 7D 2C", True),
    ("7H 7S 7D 2C JK", True), ("7H 7S 7D 7C 2C JK", True), ("7H 7S 7D 7C 2C JK 2D", False),
    ("7H 7S 7D 7C 7H 2C JK 2D", False)])
def test_CN_M3_at_most_two_wild_cards_and_fewer_than_the_naturals(cards: str, ok: bool) -> None:
    game = playing(cards + " 4C 5C")
    action = meld(game, 0, cards)
    if ok:
        game.check(0, action)
    else:
        refused(game, 0, action, "CN-M3")


def test_CN_M4_no_threes_in_melds() -> None:
    game = playing("3S 3C 3S 9H 4C")
    refused(game, 0, meld(game, 0, "3S 3C 3S"), "CN-M4")
    game = playing("9S 9D 9C 3S 4C 5C")
    refused(game, 0, meld(game, 0, "9S 9D 9C 3S"), "CN-M4")


def test_CN_M5_a_wild_meld_mixes_twos_and_jokers() -> None:
    game = playing("2C JK 2D 4C 5C")
    game.apply(0, meld(game, 0, "2C JK 2D"))
    assert meld_view(game, 0, None)["rank"] is None


def test_CN_M6_one_meld_per_rank_and_one_wild_meld() -> None:
    game = playing("QC QC QH 4C 5C")
    refused(game, 0, meld(game, 0, "QC QC QH"), "CN-M6")
    game = playing("9S 9D 9C 9H 9S 9D 4C 5C")
    refused(game, 0, meld(game, 0, "9S 9D 9C", "9H 9S 9D"), "CN-M6")
    game = playing("2C 2D 2H 4C 5C", "melds.0: QH QS QD | 2S JK 2C JK\n")
    refused(game, 0, meld(game, 0, "2C 2D 2H"), "CN-M6")


def test_CN_M6_two_new_melds_of_a_rank_in_one_move_are_named_so() -> None:
    """Play-test: two new melds of 10s in one move were refused as "your team already has
    a meld of 10s", with no 10s on the table."""
    game = playing("10S 10H 2S 10C 10C 2D 4C 5C")
    said = refused(game, 0, meld(game, 0, "10S 10H 2S", "10C 10C 2D"), "CN-M6")
    assert "one move makes at most one meld of 10s" in said and "already has" not in said


def test_CN_M7_rank_canastas_natural_or_mixed() -> None:
    game = position(PLAY.replace("QH QS QD", "KH KS KD KC KH KS KD | 8H 8S 8D 8C 8H 2S 2C | "
                                             "5H 5S 5D"))
    assert meld_view(game, 0, "K")["canasta"] == "natural"
    assert meld_view(game, 0, "8")["canasta"] == "mixed"
    assert meld_view(game, 0, "5")["canasta"] is None
    game = playing("9S 9D 9C 9H 9S 9D 2C 4C 5C")
    game.apply(0, meld(game, 0, "9S 9D 9C 9H 9S 9D 2C"))
    assert meld_view(game, 0, "9")["canasta"] == "mixed"


@pytest.mark.parametrize(("cards", "cls"), [
    ("2C 2D 2H 2S 2C 2D 2H", "wild_natural"), ("JK JK JK JK JK JK 2C", "wild_natural"),
    ("JK JK JK JK JK 2C 2D", "wild_mixed"), ("JK JK JK JK JK JK 2C 2D", "wild_mixed"),
    ("JK 2C 2D 2H 2S 2C 2D", "wild_mixed")])
def test_CN_M8_wild_canasta_classes(cards: str, cls: str) -> None:
    game = position(PLAY.replace("QH QS QD", cards))
    assert meld_view(game, 0, None)["canasta"] == cls


def test_CN_M9_lay_offs_onto_one_own_meld_judged_on_the_result() -> None:
    game = playing("QC 2C JK 2D 4C 5C")
    mid = meld_id(game, 0, "Q")
    game.apply(0, lay(game, 0, mid, "QC 2C"))
    assert meld_view(game, 0, "Q")["size"] == 5
    refused(game, 0, lay(game, 0, mid, "JK 2D"), "CN-M3")


def test_CN_M10_only_naturals_onto_a_rank_canasta() -> None:
    game = position(PLAY.replace("QH QS QD", "QH QS QD QC QH QS QD") +
                    "hands.0: QC 2C 4C 5C\n")
    mid = meld_id(game, 0, "Q")
    message = refused(game, 0, lay(game, 0, mid, "2C"), "CN-M10")
    # Named as the screens show it, and by rank ("meld 8" read as the 8s, play-test).
    assert message.startswith(f"meld #{mid} (queens) is already a canasta"), message
    game.apply(0, lay(game, 0, mid, "QC"))
    six = position(PLAY.replace("QH QS QD", "QH QS QD QC QH QS") + "hands.0: 2C 4C 5C\n")
    six.apply(0, lay(six, 0, meld_id(six, 0, "Q"), "2C"))
    assert meld_view(six, 0, "Q")["canasta"] == "mixed"


def test_CN_M11_only_wild_cards_onto_a_wild_meld() -> None:
    game = position(PLAY.replace("QH QS QD", "2C 2D 2H 2S 2C 2D 2H") + "hands.0: 9C JK 4C 5C\n")
    mid = meld_id(game, 0, None)
    refused(game, 0, lay(game, 0, mid, "9C"), "CN-M11")
    assert meld_view(game, 0, None)["canasta"] == "wild_natural"
    game.apply(0, lay(game, 0, mid, "JK"))
    assert meld_view(game, 0, None)["canasta"] == "wild_mixed"


def test_CN_M12_an_unfinished_wild_meld_keeps_the_wild_cards() -> None:
    wilds = "melds.0: QH QS QD | 2S JK 2C\n"
    game = playing("9S 9D 2C QC 4C 5C JK", wilds)
    refused(game, 0, lay(game, 0, meld_id(game, 0, "Q"), "2C"), "CN-M12")
    refused(game, 0, meld(game, 0, "9S 9D 2C"), "CN-M12")
    refused(game, 0, discard(game, 0, "JK"), "CN-M12")
    game.apply(0, lay(game, 0, meld_id(game, 0, None), "2C"))
    together = playing("9S 9D 2C JK 2D 2H 4C 5C")
    said = refused(together, 0, meld(together, 0, "9S 9D 2C", "JK 2D 2H"), "CN-M12")
    # (named as the play's own: "your team's wild meld" read wrong to a team with none)
    assert said.startswith("while the wild meld this play starts is not yet a canasta"), said
    fresh = playing("9S 9D 2C QC 4C 5C JK", wilds)
    said = refused(fresh, 0, meld(fresh, 0, "9S 9D 2C"), "CN-M12")
    assert said.startswith("while your team's wild meld is not yet a canasta"), said
    all_wild = playing("2C JK", wilds)
    all_wild.apply(0, discard(all_wild, 0, "JK"))
    off = playing("9S 9D 2C QC 4C 5C JK", wilds,
                  options={"unfinished_wild_meld_blocks_wilds": False})
    off.apply(0, meld(off, 0, "9S 9D 2C"))
    off.apply(0, discard(off, 0, "JK"))


def test_CN_M13_melded_cards_stay_on_the_table() -> None:
    game = position(PLAY + "hands.0: QC 4C 5C\nhands.1: 6C 6D 7S\n")
    before = meld_view(game, 0, "Q")["cards"]
    game.apply(0, lay(game, 0, meld_id(game, 0, "Q"), "QC"))
    game.apply(0, discard(game, 0, "4C"))
    assert before == meld_view(game, 0, "Q")["cards"][:3] and "QC" not in hand_codes(game, 0)


def test_CN_M14_melds_belong_to_the_team() -> None:
    game = position(PLAY + "melds.1: 9H 9S 9D\nhands.0: 9C 4C 5C\n")
    refused(game, 0, lay(game, 0, meld_id(game, 1, "9"), "9C"), "CN-M14")
    partner = position(PLAY.replace("turn: 0", "turn: 2") + "hands.2: QC 4C 5C\n")
    partner.apply(2, lay(partner, 2, meld_id(partner, 0, "Q"), "QC"))


def test_CN_M15_a_wild_card_stands_for_the_rank_and_keeps_its_value() -> None:
    game = position("phase: play\nturn: 1\nmelds.0: 7H 7S 2C\nhands.1: 5C 6C 7C\nstock: 1\n")
    game.apply(1, discard(game, 1, "5C"))
    assert row(game)["teams"][0]["melded"] == 30


def test_CN_M16_one_meld_action_is_all_or_nothing() -> None:
    game = playing("9S 9D 9C KH KS 4C 5C")
    refused(game, 0, meld(game, 0, "9S 9D 9C", "KH KS"), "CN-M2")
    assert sorted(hand_codes(game, 0)) == sorted(["9S", "9D", "9C", "KH", "KS", "4C", "5C"])


def test_CN_M17_views_show_kind_complete_and_canasta() -> None:
    game = position(PLAY.replace("QH QS QD", "QH QS QD QC QH QS QD | 5H 5S 2C | JK 2D 2H"))
    q, five, wild = (meld_view(game, 0, r) for r in ("Q", "5", None))
    assert (q["kind"], q["complete"], q["canasta"]) == ("natural", True, "natural")
    assert (five["kind"], five["complete"], five["canasta"]) == ("mixed", False, None)
    assert (wild["kind"], wild["complete"], wild["canasta"]) == ("wild", False, None)


CLOSED = "phase: draw\nturn: 0\nstock: 20\n"


def closed(hand: str, total: int = 0, seats: int = 4) -> object:
    return position(CLOSED + f"hands.0: {hand}\ntotals.0: {total}\n", seats=seats)


def test_CN_I1_the_initial_meld_comes_before_the_draw() -> None:
    game = position("phase: play\nturn: 0\nhands.0: KH KS KD AC AH 2D 9C\nstock: 20\n")
    refused(game, 0, meld(game, 0, "KH KS KD", "AC AH 2D"), "CN-I1")


@pytest.mark.parametrize(("total", "need"), [(-500, 50), (2995, 50), (3000, 90), (4995, 90),
                                             (5000, 120), (7000, 160), (10000, 180),
                                             (12000, 200)])
def test_CN_I2_the_minimum_by_cumulative_score(total: int, need: int) -> None:
    game = closed("9C 4D", total)
    assert game.view(None)["initial_minimum"][0] == need
    assert game.min_count(0) == need


def test_CN_I2_examples_at_4995() -> None:
    game = closed("KH KS KD AH AS 2C 5H 5S 5D 7H 7S 2D 9C", 4995)
    game.check(0, meld(game, 0, "KH KS KD", "AH AS 2C"))
    refused(game, 0, meld(game, 0, "KH KS KD", "5H 5S 5D", "7H 7S 2D"), "CN-I2")


def test_CN_I3_only_card_values_count() -> None:
    game = position(CLOSED + "hands.0: 4H 4S 4D 4C 4H 4S 4D 9C\nred_threes.0: 3H 3D\n")
    refused(game, 0, meld(game, 0, "4H 4S 4D 4C 4H 4S 4D"), "CN-I2")


def test_CN_I4_one_action_values_are_never_added() -> None:
    game = closed("KH KS KD QH QS QD 9C 4D")
    refused(game, 0, meld(game, 0, "KH KS KD"), "CN-I2")
    game.apply(0, meld(game, 0, "KH KS KD", "QH QS QD"))
    assert game.opened[0]


def test_CN_I5_once_open_the_whole_team_melds_freely() -> None:
    game = position("phase: play\nturn: 2\nhands.2: 5H 5S 5D 9C 4D\nmelds.0: QH QS QD\n"
                    "stock: 20\n")
    game.apply(2, meld(game, 2, "5H 5S 5D"))
    assert meld_view(game, 0, "5")["size"] == 3


def test_CN_I6_a_short_initial_meld_changes_nothing() -> None:
    game = closed("KH KS KD 9C 4D")
    refused(game, 0, meld(game, 0, "KH KS KD"), "CN-I2")
    assert not game.opened[0] and game.phase == "draw"


def test_CN_I7_in_individual_games_the_players_own_score() -> None:
    game = position(CLOSED + "hands.0: 9C 4D\ntotals.0: 5000\ntotals.1: 0\n", seats=2)
    assert game.view(None)["initial_minimum"] == {0: 120, 1: 50}


def test_CN_I_an_initial_meld_may_keep_one_card_before_the_draw() -> None:
    game = closed("KH KS KD QH QS QD 9C")
    game.apply(0, meld(game, 0, "KH KS KD", "QH QS QD"))
    assert len(game.hands[0]) == 1 and game.phase == "draw"
    assert ids(game, 0, "9C")
