"""Taking the discard pile in Hand and Foot (HF-P1..P10, HF-T4, HF-R4), from
shared/rules/hand_and_foot.md §4.3."""

from __future__ import annotations

from .helpers import (
    codes,
    draw,
    hand_codes,
    ids,
    meld_codes,
    meld_id,
    melds_of,
    position,
    refused,
    take_action,
    top,
)


def at_draw(hand: str, discard: str, melds0: str = "", *, extra: str = "",
            opened: bool = True):
    """Seat 0 at the start of its turn (draw phase, hand stage)."""
    text = f"turn: 0\nphase: draw\nhands.0: {hand}\ndiscard: {discard}\n"
    if melds0:
        text += f"melds.0: {melds0}\n"
    text += f"opened.0: {'true' if opened else 'false'}\n" + extra
    return position(text)


# ---------------------------------------------------------------- HF-P1 when
def test_HF_P1_pile_taken_instead_of_drawing():
    g = at_draw("9S 9H 5C", "4D KC 9D", "KS KH KD")
    events = g.apply(0, take_action(g, 0, "9S 9H"))
    assert g.phase == "play" and g.to_act == {0}
    assert any(e["type"] == "took_pile" and e["count"] == 3 for e in events)


def test_HF_P1_not_after_drawing():
    g = at_draw("9S 9H 5C", "4D KC 9D", "KS KH KD")
    draw(g, 0)
    refused(g, 0, take_action(g, 0, "9S 9H"), "HF-P1")


def test_HF_P1_not_on_another_players_turn():
    g = at_draw("9S 9H 5C", "4D KC 9D", "KS KH KD", extra="hands.1: 9C 9C 6D\n")
    refused(g, 1, take_action(g, 1, "9C 9C"), "HF-T1")


# ---------------------------------------------------------------- HF-P2 blocked
def test_HF_P2_black_three_on_top_blocks():
    g = at_draw("3S 3C 5C", "9D 3S", "KS KH KD")
    msg = refused(g, 0, take_action(g, 0, "3S 3C"), "HF-P2")
    assert "3" in msg
    assert g.view(0)["discard"]["blocked"] is True


def test_HF_P2_red_three_on_top_blocks():
    g = at_draw("9S 9H 5C", "9D 3H", "KS KH KD")
    refused(g, 0, take_action(g, 0, "9S 9H"), "HF-P2")


def test_HF_P2_empty_pile_cannot_be_taken():
    g = at_draw("9S 9H 5C", "", "KS KH KD")
    refused(g, 0, {"type": "take_pile", "cards": ids(g, 0, "9S 9H")}, "HF-P2")
    assert g.view(0)["discard"] == {"top": None, "size": 0, "frozen": False, "blocked": True}


# ---------------------------------------------------------------- HF-P3 how many
def test_HF_P3_top_seven_taken_rest_stays():
    g = at_draw("9S 9H 5C", "AS AH 4C 4D 6C 6D 7C 7D 8C 9D", "KS KH KD")
    g.apply(0, take_action(g, 0, "9S 9H"))
    assert g.view(0)["discard"]["size"] == 3
    assert top(g) == "4C"
    assert hand_codes(g, 0) == codes("5C 4D 6C 6D 7C 7D 8C")
    assert meld_codes(g, 0) == sorted([codes("KS KH KD"), codes("9S 9H 9D")])


def test_HF_P3_whole_pile_when_fewer_than_seven():
    g = at_draw("9S 9H 5C", "6C 7D 9D", "KS KH KD")
    g.apply(0, take_action(g, 0, "9S 9H"))
    assert g.view(0)["discard"]["size"] == 0 and top(g) is None
    assert hand_codes(g, 0) == codes("5C 6C 7D")


# ---------------------------------------------------------------- HF-P4 natural top
def test_HF_P4_natural_top_needs_two_naturals_of_its_rank():
    g = at_draw("9S 2C 5C", "6C 9D", "KS KH KD")
    refused(g, 0, take_action(g, 0, "9S 2C"), "HF-P4")
    g = at_draw("9S 5C 6C", "6C 9D", "KS KH KD")
    msg = refused(g, 0, take_action(g, 0, "9S"), "HF-P4")
    assert "9" in msg


def test_HF_P4_joker_is_not_a_natural_jack():
    # the joker's code JK must not pass for a natural J
    g = at_draw("JH JK 5C", "6C JD", "KS KH KD")
    refused(g, 0, take_action(g, 0, "JH JK"), "HF-P4")


def test_HF_P4_new_meld_may_take_more_cards_from_hand():
    g = at_draw("9S 9H 9C 2C 5C", "6C 9D", "KS KH KD")
    g.apply(0, take_action(g, 0, "9S 9H 9C 2C"))
    m = next(m for m in melds_of(g, 0) if m["rank"] == "9")
    assert m["size"] == 5 and m["kind"] == "mixed"


def test_HF_P4b_onto_existing_incomplete_meld():
    g = at_draw("9S 9H 5C", "6C 9D", "9C 9C 9D")
    g.apply(0, take_action(g, 0, "9S 9H", onto=meld_id(g, 0, "9")))
    (m,) = melds_of(g, 0)
    assert m["size"] == 6


def test_HF_P4b_top_and_one_natural_onto_meld_not_enough():
    g = at_draw("9S 5C 6C", "6C 9D", "9C 9C 9D")
    refused(g, 0, take_action(g, 0, "9S", onto=meld_id(g, 0, "9")), "HF-P4")


def test_HF_P4b_onto_must_be_the_teams_meld_of_that_rank():
    g = at_draw("9S 9H 5C", "6C 9D", "KC KS KH")
    refused(g, 0, take_action(g, 0, "9S 9H", onto=meld_id(g, 0, "K")), "HF-P4")


# ---------------------------------------------------------------- HF-P5 wild top
def test_HF_P5_wild_top_taken_with_two_wilds_into_a_wild_meld():
    g = at_draw("JK 2H 5C", "6C 2D", "KS KH KD")
    g.apply(0, take_action(g, 0, "JK 2H"))
    m = next(m for m in melds_of(g, 0) if m["rank"] is None)
    assert m["kind"] == "wild" and sorted(c["code"] for c in m["cards"]) == codes("JK 2H 2D")


def test_HF_P5_natural_pair_cannot_take_a_wild_top():
    g = at_draw("KS KH 5C", "6C JK", "9S 9H 9D")
    refused(g, 0, take_action(g, 0, "KS KH"), "HF-P5")
    g = at_draw("KS KH JK 5C", "6C 2C", "9S 9H 9D")
    refused(g, 0, take_action(g, 0, "KS KH JK"), "HF-P5")


def test_HF_P5_wild_top_onto_existing_wild_meld():
    g = at_draw("JK 2H 5C", "6C 2D", "JK 2S 2C")
    g.apply(0, take_action(g, 0, "JK 2H", onto=meld_id(g, 0, None)))
    (m,) = melds_of(g, 0)
    assert m["size"] == 6 and m["kind"] == "wild"


def test_HF_P5_new_wild_meld_refused_beside_an_incomplete_one():
    g = at_draw("JK 2H 5C", "6C 2D", "JK 2S 2C")
    refused(g, 0, take_action(g, 0, "JK 2H"), "HF-M6")


def test_HF_P5_wild_top_cannot_go_onto_a_natural_meld():
    g = at_draw("JK 2H 5C", "6C 2D", "KS KH KD KC")
    refused(g, 0, take_action(g, 0, "JK 2H", onto=meld_id(g, 0, "K")), "HF-P5")


# ---------------------------------------------------------------- HF-P6 same action
def test_HF_P6_lay_offs_and_more_melds_in_the_take():
    g = at_draw("9S 9H QS QH QD 8C 5C", "6C 9D", "8S 8H 8D")
    g.apply(0, take_action(g, 0, "9S 9H", lay_offs=[(meld_id(g, 0, "8"), "8C")],
                           melds=["QS QH QD"]))
    assert meld_codes(g, 0) == sorted([codes("8S 8H 8D 8C"), codes("9S 9H 9D"),
                                       codes("QS QH QD")])
    assert hand_codes(g, 0) == codes("5C 6C")


def test_HF_P6_whole_take_checked_as_one_unit():
    g = at_draw("9S 9H QS QH 8C 5C", "6C 9D", "8S 8H 8D")
    before = g.to_dict()
    refused(g, 0, take_action(g, 0, "9S 9H", lay_offs=[(meld_id(g, 0, "8"), "8C")],
                              melds=["QS QH"]), "HF-M1")
    assert g.to_dict() == before


# ---------------------------------------------------------------- HF-P7 minimum when taking
def test_HF_P7_unopened_take_must_reach_minimum_with_its_melds():
    g = at_draw("KS KH AS AH AD 5C", "AC AC AC KD", opened=False)
    refused(g, 0, take_action(g, 0, "KS KH"), "HF-I1")  # 30: the buried aces don't count
    g.apply(0, take_action(g, 0, "KS KH", melds=["AS AH AD"]))  # 30 + 60
    assert g.view(0)["opened"][0] is True
    assert hand_codes(g, 0) == codes("5C AC AC AC")


def test_HF_P7_top_card_counts_toward_minimum():
    g = at_draw("AS AH 5C", "6C AD", opened=False)
    g.apply(0, take_action(g, 0, "AS AH"))  # 60 with the top card
    assert g.view(0)["opened"][0] is True


# ---------------------------------------------------------------- HF-P8 rest to hand
def test_HF_P8_other_taken_cards_go_to_hand_black_threes_stay():
    g = at_draw("9S 9H 5C", "3S 3C JK 9D", "KS KH KD")
    g.apply(0, take_action(g, 0, "9S 9H"))
    assert hand_codes(g, 0) == codes("5C 3S 3C JK")


def test_HF_P8_red_three_under_the_top_placed_without_replacement():
    # HF-R4: a first upcard red three, taken with the pile
    g = at_draw("9S 9H 5C", "3H 6C 9D", "KS KH KD", extra="stock: 30\n")
    events = g.apply(0, take_action(g, 0, "9S 9H"))
    assert hand_codes(g, 0) == codes("5C 6C")
    assert [c["code"] for c in g.view(0)["red_threes"][0]] == ["3H"]
    assert g.view(0)["stock"] == 30
    assert not any(e["type"] == "drew" for e in events)


# ---------------------------------------------------------------- HF-P9 buried cards
def test_HF_P9_buried_cards_cannot_be_used_in_the_take():
    g = at_draw("9S 5C", "9C 9D", "KS KH KD")
    buried = g.to_dict()["state"]["discard"][0]  # the 9C under the top card
    action = {"type": "take_pile", "cards": [*ids(g, 0, "9S"), buried]}
    msg = refused(g, 0, action, "HF-P9")
    assert "after the take" in msg and ". " not in msg  # one sentence


def test_HF_P9_buried_cards_usable_later_in_the_turn():
    g = at_draw("9S 9H 5C", "QC QD 9D", "QS QH QS")
    g.apply(0, take_action(g, 0, "9S 9H"))
    g.apply(0, {"type": "lay_off", "meld": meld_id(g, 0, "Q"), "cards": ids(g, 0, "QC QD")})
    assert next(m for m in melds_of(g, 0) if m["rank"] == "Q")["size"] == 5


# ---------------------------------------------------------------- HF-P10 refusals and examples
def test_HF_P10_example_1_six_eights_and_two_in_hand_refused():
    g = at_draw("8S 8H 5C", "6C 8D", "8S 8H 8D 8C 8S 8H")
    refused(g, 0, take_action(g, 0, "8S 8H"), "HF-M6")
    refused(g, 0, take_action(g, 0, "8S 8H", onto=meld_id(g, 0, "8")), "HF-M1")


def test_HF_P10_example_2_four_eights_top_and_pair_complete_a_pile():
    g = at_draw("8S 8H 5C", "6C 8D", "8S 8H 8D 8C")
    g.apply(0, take_action(g, 0, "8S 8H", onto=meld_id(g, 0, "8")))
    (m,) = melds_of(g, 0)
    assert m["size"] == 7 and m["kind"] == "clean" and m["complete"]


def test_HF_P10_example_3_lay_off_completes_pile_then_new_meld():
    g = at_draw("8S 8H 8C 5C", "6C 8D", "8S 8H 8D 8C 8S 8H")
    old = meld_id(g, 0, "8")
    g.apply(0, take_action(g, 0, "8H 8C", lay_offs=[(old, "8S")]))
    sizes = sorted((m["size"], m["kind"]) for m in melds_of(g, 0))
    assert sizes == [(3, "natural"), (7, "clean")]
    assert hand_codes(g, 0) == codes("5C 6C")


def test_HF_P10_example_4_wild_top_with_two_wilds():
    g = at_draw("2S JK 5C", "6C JK")
    g.apply(0, take_action(g, 0, "2S JK"))
    (m,) = melds_of(g, 0)
    assert m["kind"] == "wild"


def test_HF_P10_order_T1_P1_P2_P9_P4():
    g = at_draw("9S 9H 5C", "6C 3S", "KS KH KD", extra="hands.1: 9C 9C\n")
    refused(g, 1, take_action(g, 1, "9C 9C"), "HF-T1")
    # blocked pile and a missing card: the pile's block is reported first
    refused(g, 0, {"type": "take_pile", "cards": [*ids(g, 0, "9S"), 9999]}, "HF-P2")
    g = at_draw("9S 5C", "6C 9D", "KS KH KD")
    # missing card and too few naturals: HF-P9 first
    refused(g, 0, {"type": "take_pile", "cards": [*ids(g, 0, "9S"), 9999]}, "HF-P9")


def test_HF_P10_order_P4_before_meld_rules_before_minimum():
    g = at_draw("9S 3S 5C", "6C 9D", opened=False)
    refused(g, 0, take_action(g, 0, "9S 3S"), "HF-P4")
    g = at_draw("9S 9H 3S 5C", "6C 9D", opened=False)
    refused(g, 0, take_action(g, 0, "9S 9H 3S"), "HF-M4")
    g = at_draw("9S 9H 5C", "6C 9D", opened=False)
    refused(g, 0, take_action(g, 0, "9S 9H"), "HF-I1")


def test_HF_P10_refused_take_changes_nothing():
    g = at_draw("9S 9H 5C", "AS AH 4C 4D 6C 6D 7C 7D 8C 9D", "9S 9H 9D 9C 9S 9H")
    before = g.to_dict()
    refused(g, 0, take_action(g, 0, "9S 9H"), "HF-M6")
    assert g.to_dict() == before
    assert g.phase == "draw"


# ---------------------------------------------------------------- HF-T4
def test_HF_T4_after_taking_the_pile_the_phase_is_play():
    g = at_draw("9S 9H 5C", "6C 9D", "KS KH KD")
    g.apply(0, take_action(g, 0, "9S 9H"))
    assert g.phase == "play"
    kinds = [e["type"] for e in g.legal(0)]
    assert "draw" not in kinds and "discard" in kinds
    refused(g, 0, {"type": "draw"}, "HF-T1")


# ---------------------------------------------------------------- HF-P6 judged on the result
def test_HF_P6_lay_off_then_top_card_meld_judged_on_the_result():
    # alone, JK on 9H 9H 2C would be 4 cards with 2 wilds; with the top card and two 9s
    # joining the same meld it ends as a 7-card dirty pile (HF-A12: only the result counts)
    g = at_draw("JK 9C 9S 5C", "6C 9D", "9H 9H 2C")
    m = meld_id(g, 0, "9")
    g.apply(0, take_action(g, 0, "9C 9S", onto=m, lay_offs=[(m, "JK")]))
    (meld,) = melds_of(g, 0)
    assert meld["size"] == 7 and meld["kind"] == "dirty"
    assert hand_codes(g, 0) == codes("5C 6C")


def test_HF_P6_two_lay_offs_on_one_meld_judged_together():
    g = at_draw("JK 9C 9S KS KH 5C", "6C KD", "9H 9H 9D 2C")
    m = meld_id(g, 0, "9")
    g.apply(0, take_action(g, 0, "KS KH", lay_offs=[(m, "JK"), (m, "9C 9S")]))
    assert sorted((x["rank"], x["size"], x["kind"]) for x in melds_of(g, 0)) == [
        ("9", 7, "dirty"), ("K", 3, "natural")]


def test_HF_P6_wrong_rank_in_an_earlier_lay_off_still_refused():
    g = at_draw("10S 9C 9S 5C", "6C 9D", "9H 9H 2C")
    m = meld_id(g, 0, "9")
    refused(g, 0, take_action(g, 0, "9C 9S", onto=m, lay_offs=[(m, "10S")]), "HF-M2")


def test_HF_P6_wilds_over_the_limit_in_the_result_refused():
    g = at_draw("JK 2S KS KH 5C", "6C KD", "9H 9H 9D 2C")
    m = meld_id(g, 0, "9")
    # 9H 9H 9D 2C + JK + 2S: 6 cards with 3 wilds
    refused(g, 0, take_action(g, 0, "KS KH", lay_offs=[(m, "JK"), (m, "2S")]), "HF-M2")


def test_HF_P6_lay_off_completing_a_pile_then_adding_to_it_refused():
    g = at_draw("8S 8H 8C 5C", "6C 8D", "8S 8H 8D 8C 8S 8H")
    m = meld_id(g, 0, "8")
    # after the lay-off the old meld is a pile, so 'onto' no longer names an unfinished meld
    refused(g, 0, take_action(g, 0, "8H 8C", onto=m, lay_offs=[(m, "8S")]), "HF-P4")


def test_HF_P4b_onto_a_pile_or_an_opponents_meld_refused():
    g = at_draw("8S 8H 5C", "6C 8D", "8S 8H 8D 8C 8S 8H 8D",
                extra="melds.1: 8C 8C 8D\n")
    refused(g, 0, take_action(g, 0, "8S 8H", onto=meld_id(g, 0, "8")), "HF-P4")
    refused(g, 0, take_action(g, 0, "8S 8H", onto=meld_id(g, 1, "8")), "HF-P4")


def test_HF_P10_legal_listing_offers_a_take_only_when_one_is_legal():
    g = at_draw("8S 8H 5C", "6C 8D", "8S 8H 8D 8C 8S 8H")   # example 1: refused
    assert [e["type"] for e in g.legal(0)] == ["draw"]
    g = at_draw("8S 8H 5C", "6C 8D", "8S 8H 8D 8C")         # example 2: allowed
    (take,) = [e for e in g.legal(0) if e["type"] == "take_pile"]
    assert take["top"]["code"] == "8D"
    for option in take["options"]:
        g.check(0, option)
    assert any(o.get("onto") == meld_id(g, 0, "8") for o in take["options"])
    g = at_draw("JH JK 5C", "6C JD", "KS KH KD")             # a joker is not a natural J
    assert [e["type"] for e in g.legal(0)] == ["draw"]
    g = at_draw("9S 9H 5C", "6C 3S", "KS KH KD")             # blocked by a three
    assert [e["type"] for e in g.legal(0)] == ["draw"]


def test_HF_P6_lay_offs_in_a_take_only_on_the_teams_melds():
    g = at_draw("9C 9D QC 5C", "6C 9S", "KS KH KD", extra="melds.1: QS QH QD\n")
    refused(g, 0, take_action(g, 0, "9C 9D", lay_offs=[(meld_id(g, 1, "Q"), "QC")]), "HF-M9")
    refused(g, 0, take_action(g, 0, "9C 9D", lay_offs=[(77, "QC")]), "HF-M9")
