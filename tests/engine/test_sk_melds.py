"""Skarney: cards and their values (SK-C), melds (SK-M) and stealing wild cards (SK-W)."""

from __future__ import annotations

from collections import Counter

import engine

from .helpers import ids, refused
from .sk_helpers import lay, meld_faces, meld_ids, meld_of, position, steal, types

# Seat 0's team (0 and 2) is down; team 1 (seats 1 and 3) is down too.
DOWN = """turn: 0
phase: play
deal_number: 1
hands.0: 7H 7S 7D 9C 10C JC JK 2D 5S 6S 8S KD KD
hands.1: 9H 9D 4C
melds.0: 3H 3S 3D
melds.1: 5H 5C 5D"""


def test_SK_C1_two_packs_and_four_jokers_each_card_its_own_id() -> None:
    game = engine.create_game("skarney", 4, 1)
    codes = Counter(game.codes)
    assert len(game.codes) == 108 and codes["JK"] == 4 and codes["7H"] == 2
    assert sum(n for c, n in codes.items() if c[0] == "2") == 8
    assert sum(game.view(None)["zones"].values()) == 108


def test_SK_C2_a_two_is_wild_even_in_its_own_place() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 3C 4C 7H"))
    refused(game, 0, meld_of(game, 0, "2D 3C 4C"), "SK-M6")  # must say what it stands for
    game.apply(0, meld_of(game, 0, "2D=2C 3C 4C"))
    mid = meld_ids(game, 0)[-1]
    assert meld_faces(game, mid) == ["2D=2C", "3C", "4C"]
    refused(game, 0, lay(game, 0, mid, "JK=5C"), "SK-M5")  # the 2 is its one wild card


def test_SK_C3_aces_are_high_only() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: QH KH AH AS 3S 7H"))
    refused(game, 0, meld_of(game, 0, "AS 2D=2S 3S"), "SK-M3")
    game.apply(0, meld_of(game, 0, "QH KH AH"))
    assert game.view(None)["melds"][-1]["kind"] == "sequence"


def test_SK_C4_values_of_melded_cards() -> None:
    from engine.skarney import meld_value
    assert [meld_value(c, own) for c, own in (("JK", True), ("JK", False), ("2S", True),
                                              ("2S", False), ("AH", False), ("10C", False),
                                              ("3D", False))] == [100, 50, 50, 25, 15, 10, 5]


def test_SK_C5_values_of_cards_left_in_hand() -> None:
    game = engine.create_game("skarney", 2, 0)
    assert [game.rules.value(c) for c in ("JK", "2H", "AS", "KD", "10C", "9H", "3S")] == \
        [100, 50, 15, 10, 10, 5, 5]


def test_SK_M1_three_kinds_of_meld_and_nothing_else() -> None:
    game = position(DOWN)
    refused(game, 0, meld_of(game, 0, "7H 9C 10C"), "SK-M1")
    game.apply(0, meld_of(game, 0, "9C 10C JC"))
    assert game.view(None)["melds"][-1]["kind"] == "sequence"


def test_SK_M2_groups_of_one_rank_suits_may_repeat() -> None:
    game = position(DOWN)
    refused(game, 0, meld_of(game, 0, "7H 7S"), "SK-M2")
    game.apply(0, meld_of(game, 0, "KD KD JK"))
    assert game.view(None)["melds"][-1]["kind"] == "group"
    refused(game, 0, lay(game, 0, meld_ids(game, 0)[-1], "7H"), "SK-M2")


def test_SK_M3_sequences_one_suit_consecutive_no_wrap() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: QH KH AH 3H 7H"))
    refused(game, 0, meld_of(game, 0, "5S 6S 8S"), "SK-M3")
    refused(game, 0, meld_of(game, 0, "KH AH 2D=2H"), "SK-M3")
    game.apply(0, meld_of(game, 0, "5S 6S 8S JK=7S"))
    assert meld_faces(game, meld_ids(game, 0)[-1]) == ["5S", "6S", "JK=7S", "8S"]


def test_SK_M4_wild_groups_all_jokers_or_all_twos() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: JK JK 2C 2H 2S 7H"))
    refused(game, 0, meld_of(game, 0, "JK JK 2C"), "SK-M4")
    game.apply(0, meld_of(game, 0, "2C 2H 2S"))
    assert game.view(None)["melds"][-1]["kind"] == "two_group"
    refused(game, 0, lay(game, 0, meld_ids(game, 0)[-1], "JK"), "SK-M4")
    game.apply(0, meld_of(game, 0, "JK JK JK"))
    assert game.view(None)["melds"][-1]["kind"] == "joker_group"


def test_SK_M5_one_wild_card_per_meld() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 2S 3S 4S 2C 9D 7H"))
    refused(game, 0, meld_of(game, 0, "2S=2S 3S 4S JK=5S"), "SK-M5")
    refused(game, 0, meld_of(game, 0, "9C 9D JK 2C"), "SK-M5")
    game.apply(0, meld_of(game, 0, "7H 7S JK"))
    refused(game, 0, lay(game, 0, meld_ids(game, 0)[-1], "2C"), "SK-M5")


def test_SK_M6_a_wild_in_a_sequence_declares_its_place_for_good() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 10H JH QH 9H 7H"))
    refused(game, 0, meld_of(game, 0, "10H JH JK"), "SK-M6")
    refused(game, 0, meld_of(game, 0, "10H JH JK=KH"), "SK-M6")
    refused(game, 0, meld_of(game, 0, "10H JH JK=9S"), "SK-M6")
    events = game.apply(0, meld_of(game, 0, "10H JH JK=9H"))
    mid = meld_ids(game, 0)[-1]
    assert events[0]["as"] == {ids_of(game, mid, "JK"): "9H"}
    game.apply(0, lay(game, 0, mid, "QH"))
    assert meld_faces(game, mid) == ["JK=9H", "10H", "JH", "QH"]
    refused(game, 0, lay(game, 0, mid, "9H"), "SK-M3")  # the 9's place is the joker's


def test_SK_M6_a_wild_card_with_one_place_that_fits_needs_no_word() -> None:
    """Our reading of SK-M6: J♠ JK K♠ leaves the joker one place, the Q♠, so it stands
    there as a player laying it in the gap expects; 10H JH JK leaves two, and the refusal
    names them."""
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 10H JH JS KS QH AH 7H"))
    message = refused(game, 0, meld_of(game, 0, "10H JH JK"), "SK-M6")
    assert "9H or QH" in message
    events = game.apply(0, meld_of(game, 0, "JS JK KS"))
    mid = meld_ids(game, 0)[-1]
    assert meld_faces(game, mid) == ["JS", "JK=QS", "KS"]
    assert list(events[0]["as"].values()) == ["QS"]
    seq = meld_of(game, 0, "QH AH 2D")  # aces high: the 2 can only be the K♥
    game.apply(0, seq)
    hearts = meld_ids(game, 0)[-1]
    assert meld_faces(game, hearts) == ["QH", "2D=KH", "AH"]


def test_SK_M6_a_wild_card_laid_off_where_only_one_end_is_open_needs_no_word() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: QH KH AH 7H"))
    game.apply(0, meld_of(game, 0, "QH KH AH"))
    mid = meld_ids(game, 0)[-1]
    events = game.apply(0, lay(game, 0, mid, "JK"))  # aces high: only the J♥ is open
    assert meld_faces(game, mid) == ["JK=JH", "QH", "KH", "AH"]
    assert list(events[0]["as"].values()) == ["JH"]


def ids_of(game: engine.Game, mid: int, code: str) -> int:
    from .sk_helpers import card_in_meld
    return card_in_meld(game, mid, code)


def test_SK_M6_a_group_wild_may_not_contradict_the_rank() -> None:
    game = position(DOWN)
    action = meld_of(game, 0, "7H 7S JK")
    wild = action["melds"][0][2]
    refused(game, 0, {"type": "meld", "melds": [{"cards": action["melds"][0],
                                                 "as": {wild: "8H"}}]}, "SK-M6")
    game.apply(0, {"type": "meld", "melds": [{"cards": action["melds"][0], "as": {wild: "7C"}}]})


def test_SK_M7_a_card_serves_one_meld() -> None:
    game = position(DOWN.replace("hands.0: 7H 7S 7D", "hands.0: 5H 6H 7H 7S 7D"))
    action = meld_of(game, 0, "5H 6H 7H", "7S 7D")
    action["melds"][1].append(action["melds"][0][2])
    refused(game, 0, action, "SK-T1")


def test_SK_M8_several_melds_of_one_rank() -> None:
    game = position(DOWN.replace("hands.0: 7H 7S 7D", "hands.0: 3C 3C 3H"))
    game.apply(0, meld_of(game, 0, "3C 3C 3H"))
    assert sum(m["rank"] == "3" for m in game.view(None)["melds"] if m["team"] == 0) == 2


def test_SK_M9_lay_off_own_team_at_most_two_a_meld_a_turn() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 3C 3C 3H 7H"))
    refused(game, 0, lay(game, 0, meld_ids(game, 1)[0], "5S"), "SK-M9")
    mid = meld_ids(game, 0)[0]
    game.apply(0, lay(game, 0, mid, "3C"))
    game.apply(0, lay(game, 0, mid, "3C"))
    refused(game, 0, lay(game, 0, mid, "3H"), "SK-M9")
    assert game.view(None)["layoffs_this_turn"] == {mid: 2}
    game.apply(0, meld_of(game, 0, "7H 7S 7D"))
    new = meld_ids(game, 0)[-1]
    game.apply(0, {"type": "lay_off", "meld": new, "cards": ids(game, 0, "JK 3H")[:1]})


def test_SK_M9_two_cards_in_one_lay_off() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: 3C 3C 3H 7H"))
    mid = meld_ids(game, 0)[0]
    refused(game, 0, {"type": "lay_off", "meld": mid, "cards": ids(game, 0, "3C 3C 3H")},
            "SK-M9")
    game.apply(0, {"type": "lay_off", "meld": mid, "cards": ids(game, 0, "3C 3C")})


def test_SK_M10_melded_cards_stay_on_the_table() -> None:
    game = position(DOWN)
    game.apply(0, meld_of(game, 0, "7H 7S 7D"))
    refused(game, 0, {"type": "lay_off", "meld": meld_ids(game, 0)[0],
                      "cards": [game.view(None)["melds"][-1]["cards"][0]["id"]]}, "SK-T1")


def test_SK_M11_one_meld_action_lays_several_all_or_nothing() -> None:
    game = position(DOWN)
    before = game.to_dict()
    refused(game, 0, meld_of(game, 0, "7H 7S 7D", "9C 10C KD"), "SK-M1")
    assert game.to_dict() == before
    events = game.apply(0, meld_of(game, 0, "7H 7S 7D", "9C 10C JC"))
    assert types(events) == ["melded", "melded"]


def test_SK_M12_kinds_shown_in_views() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: JK JK 7H"))
    game.apply(0, meld_of(game, 0, "JK JK JK", "9C 10C 2D=JC"))
    melds = game.view(1)["melds"]
    assert [m["kind"] for m in melds] == ["group", "group", "joker_group", "sequence"]
    assert list(melds[-1]["as"].values()) == ["JC"]


# ----------------------------------------------------------------- stealing wild cards
STEAL = """turn: 1
phase: play
hands.1: 9H 8C 8S QD 4C
hands.0: 6D 6D
melds.0: 7H 8H JK=9H | 8D 8H 2S | JK JK JK | 2D=2D 3D 4D
melds.1: 5H 5C 5D | QH QS 2H"""


def test_SK_W1_steal_in_play_not_before_the_draw() -> None:
    game = position(STEAL.replace("phase: play", "phase: draw"))
    refused(game, 1, steal(game, 1, 1, "JK", "9H"), "SK-T1")
    game.apply(1, {"type": "draw"})
    game.apply(1, steal(game, 1, 1, "JK", "9H"))


def test_SK_W2_only_from_opponents_wild_bearing_non_wild_groups() -> None:
    game = position(STEAL)
    refused(game, 1, steal(game, 1, 6, "2H", "QD"), "SK-W2")
    refused(game, 1, steal(game, 1, 3, "JK", "9H"), "SK-W2")
    refused(game, 1, {"type": "steal_wild", "meld": 1, "wild": card_of(game, 1, "7H"),
                      "card": ids(game, 1, "9H")[0]}, "SK-W2")


def card_of(game: engine.Game, mid: int, code: str) -> int:
    from .sk_helpers import card_in_meld
    return card_in_meld(game, mid, code)


def test_SK_W3_the_exact_natural_sequence_suit_group_rank() -> None:
    game = position(STEAL)
    refused(game, 1, steal(game, 1, 1, "JK", "8C"), "SK-W3")
    refused(game, 1, steal(game, 1, 2, "2S", "QD"), "SK-W3")
    game.apply(1, steal(game, 1, 2, "2S", "8C"))  # any suit of the group's rank
    game.apply(1, steal(game, 1, 1, "JK", "9H"))  # same rank and suit in a sequence


def test_SK_W3_the_listing_offers_every_natural_that_may_pay() -> None:
    """Play-test: the 8s' wild card was listed with the 8♣ only, and the screen refused
    the 8♠ the player chose to give (SK-W3: any natural of the group's rank)."""
    game = position(STEAL)
    entry = next(e for e in game.legal(1) if e["type"] == "steal_wild")
    paid = {(o["meld"], game.codes[o["card"]]) for o in entry["options"]}
    assert paid == {(2, "8C"), (2, "8S"), (1, "9H")}
    for option in entry["options"]:
        game.check(1, option)


def test_SK_W3_a_wild_standing_for_a_two_is_never_stolen() -> None:
    game = position(STEAL)
    refused(game, 1, {"type": "steal_wild", "meld": 4, "wild": card_of(game, 4, "2D"),
                      "card": ids(game, 1, "4C")[0]}, "SK-W3")


def test_SK_W4_the_natural_takes_the_place_the_wild_goes_to_hand() -> None:
    game = position(STEAL)
    events = game.apply(1, steal(game, 1, 1, "JK", "9H"))
    assert events == [{"type": "stole", "seat": 1, "meld": 1, "team": 0, "wild": {"code": "JK"},
                       "card": events[0]["card"]}]
    assert meld_faces(game, 1) == ["7H", "8H", "9H"]
    assert "JK" in [c["code"] for c in game.view(1)["hand"]]
    assert next(m for m in game.view(None)["melds"] if m["id"] == 1)["as"] == {}


def test_SK_W5_several_steals_a_turn() -> None:
    game = position(STEAL)
    game.apply(1, steal(game, 1, 1, "JK", "9H"))
    game.apply(1, steal(game, 1, 2, "2S", "8C"))
    assert sorted(c["code"] for c in game.view(1)["hand"]) == ["2S", "4C", "8S", "JK", "QD"]


def test_SK_A13_a_two_in_its_own_place_is_the_wild_and_scores_25() -> None:
    game = position(STEAL)
    assert game.view(None)["melds"][3]["kind"] == "sequence"
    assert game.meld_points(0) == (5 + 5 + 50) + (5 + 5 + 25) + 300 + (25 + 5 + 5)


def test_SK_A17_as_required_in_sequences_absent_for_wild_groups() -> None:
    game = position(DOWN.replace("hands.0: 7H", "hands.0: JK JK 7H"))
    action = meld_of(game, 0, "JK JK JK")
    jk = action["melds"][0]
    refused(game, 0, {"type": "meld", "melds": [{"cards": jk, "as": {jk[0]: "7H"}}]}, "SK-M6")
