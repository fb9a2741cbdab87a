"""Hand and Foot meld rules (HF-M1..M13), card kinds (HF-C2, C4, C6) and the minimum
count (HF-I1..I6), from shared/rules/hand_and_foot.md §2, §5 and §6."""

from __future__ import annotations

from .helpers import (
    codes,
    hand_codes,
    ids,
    lay_off_action,
    meld,
    meld_action,
    meld_codes,
    meld_id,
    melds_of,
    position,
    refused,
)


def play(hand: str, melds0: str = "", *, extra: str = "", opened: bool = True):
    """Seat 0 in its play phase, hand stage, with the given hand and team-0 melds."""
    text = f"turn: 0\nphase: play\nhands.0: {hand}\n"
    if melds0:
        text += f"melds.0: {melds0}\n"
    text += f"opened.0: {'true' if opened else 'false'}\n" + extra
    return position(text)


# ---------------------------------------------------------------- HF-C2, C4, C6
def test_HF_C2_jokers_and_twos_are_wild_threes_are_natural():
    g = play("JK 2H 2S 9C 9D 9H 4S")
    meld(g, 0, "JK 2H 2S", "9C 9D 9H")
    kinds = {m["rank"]: m["kind"] for m in melds_of(g, 0)}
    assert kinds == {None: "wild", "9": "natural"}
    # a 3 is natural: it cannot sit in a wild meld as a wild would
    g = play("JK 2H 3S 4C", "JK 2C 2D")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, None), "3S"), "HF-M4")


def test_HF_C4_black_three_cannot_be_melded_but_can_be_discarded():
    g = play("3S 3C 3S 8H", "8S 8D 8C")
    refused(g, 0, meld_action(g, 0, "3S 3C 3S"), "HF-M4")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "8"), "3C"), "HF-M4")
    g.apply(0, {"type": "discard", "card": ids(g, 0, "3S")[0]})
    assert g.view(None)["discard"]["top"]["code"] == "3S"
    assert hand_codes(g, 0) == codes("3S 3C 8H")


def test_HF_C6_natural_melds_only_in_ranks_four_to_ace():
    for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
        g = play(f"{rank}S {rank}H {rank}D 5C")
        meld(g, 0, f"{rank}S {rank}H {rank}D")
        assert melds_of(g, 0)[0]["rank"] == rank
    g = play("2S 2H 2D 5C")
    meld(g, 0, "2S 2H 2D")  # 2s never form a rank: this is a wild meld
    assert melds_of(g, 0)[0]["rank"] is None and melds_of(g, 0)[0]["kind"] == "wild"


# ---------------------------------------------------------------- HF-M1 size
def test_HF_M1_new_meld_needs_three_cards():
    g = play("KS KH 5C")
    msg = refused(g, 0, meld_action(g, 0, "KS KH"), "HF-M1")
    assert "3" in msg


def test_HF_M1_no_meld_over_seven_cards():
    g = play("KS KH KD KC KS KH KD KC 5C")
    refused(g, 0, meld_action(g, 0, "KS KH KD KC KS KH KD KC"), "HF-M1")
    g = play("KC KS KH 5C", "KS KH KD KC KD")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC KS KH"), "HF-M1")


def test_HF_M1_seven_card_meld_in_one_go_is_allowed():
    g = play("KS KH KD KC KS KH KD 5C")
    meld(g, 0, "KS KH KD KC KS KH KD")
    assert melds_of(g, 0)[0]["kind"] == "clean" and melds_of(g, 0)[0]["complete"]


# ---------------------------------------------------------------- HF-M2 wild limit
def test_HF_M2_wild_limit_by_size():
    # most wilds allowed: 3->1, 4->1, 5->1, 6->2, 7->2
    for n, most in ((3, 1), (4, 1), (5, 1), (6, 2), (7, 2)):
        naturals = " ".join(["9S"] * (n - most))
        wilds = " ".join(["2C", "JK"][:most] if most <= 2 else [])
        g = play(f"{naturals} {wilds} 5C")
        meld(g, 0, f"{naturals} {wilds}")
        assert melds_of(g, 0)[0]["size"] == n
        over = " ".join(["9S"] * (n - most - 1))
        g = play(f"{over} {wilds} 2D 5C")
        msg = refused(g, 0, meld_action(g, 0, f"{over} {wilds} 2D"), "HF-M2")
        assert str(most) in msg


def test_HF_M2_naturals_of_one_rank_only():
    g = play("9S 9H 10D 5C")
    refused(g, 0, meld_action(g, 0, "9S 9H 10D"), "HF-M2")
    g = play("10D 10S 5C", "9S 9H 9D")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "9"), "10D"), "HF-M2")


def test_HF_M2_wild_counted_against_existing_meld():
    g = play("2C JK 5C", "QS QH QD 2H")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "Q"), "2C"), "HF-M2")


# ---------------------------------------------------------------- HF-M3 wild melds
def test_HF_M3_wild_meld_of_jokers_and_twos():
    g = play("JK 2H 2S JK 5C")
    meld(g, 0, "JK 2H 2S JK")
    m = melds_of(g, 0)[0]
    assert m["rank"] is None and m["kind"] == "wild" and m["size"] == 4


def test_HF_M3_natural_card_refused_on_wild_meld():
    g = play("5H 5S 5D", "JK 2C 2D")
    # the natural also breaks the wild limit; HF-M13 reports HF-M3 first
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, None), "5H"), "HF-M3")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, None), "5H 5S 5D"), "HF-M3")


def test_HF_M3_wild_meld_grows_to_a_wild_pile():
    g = play("JK 2H 2S JK 5C", "JK 2C 2D")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, None), "JK 2H 2S JK"))
    m = melds_of(g, 0)[0]
    assert m["kind"] == "wild_pile" and m["complete"]


# ---------------------------------------------------------------- HF-M4 no threes
def test_HF_M4_no_three_in_a_meld_or_lay_off():
    g = play("3S 3C 3S 2D 5C")
    refused(g, 0, meld_action(g, 0, "3S 3C 3S"), "HF-M4")
    refused(g, 0, meld_action(g, 0, "3S 3C 2D"), "HF-M4")
    g = play("3S 5C", "9S 9H 9D")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "9"), "3S"), "HF-M4")


def test_HF_M4_reported_before_size():
    g = play("3S 5C 5D")
    refused(g, 0, meld_action(g, 0, "3S"), "HF-M4")


# ---------------------------------------------------------------- HF-M5 piles
def test_HF_M5_kinds_of_pile():
    g = play("KS KH KD KC KS KH KD 8S 8H 8D 8C 8S 2C JK JK JK JK JK 2H 2S 2D 5C")
    meld(g, 0, "KS KH KD KC KS KH KD", "8S 8H 8D 8C 8S 2C JK", "JK JK JK 2H 2S 2D JK")
    kinds = sorted(m["kind"] for m in melds_of(g, 0))
    assert kinds == ["clean", "dirty", "wild_pile"]
    assert all(m["complete"] for m in melds_of(g, 0))
    assert g.view(0)["piles"][0] == {"clean": 1, "dirty": 1, "wild": 1}


def test_HF_M5_nothing_added_to_a_pile():
    g = play("KC 2C JK 5C", "KS KH KD KC KS KH KD | JK 2H 2S 2D JK 2C 2C")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC"), "HF-M5")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K"), "2C"), "HF-M5")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, None), "JK"), "HF-M5")


def test_HF_M5_pile_grows_from_smaller_meld():
    g = play("KC KS 5C", "KS KH KD KC KH")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC KS"))
    (m,) = melds_of(g, 0)
    assert m["size"] == 7 and m["kind"] == "clean" and m["complete"]


# ---------------------------------------------------------------- HF-M6 one incomplete
def test_HF_M6_second_incomplete_meld_of_a_rank_refused():
    g = play("9C 9S 9H 5C", "9S 9H 9D")
    msg = refused(g, 0, meld_action(g, 0, "9C 9S 9H"), "HF-M6")
    assert "9" in msg


def test_HF_M6_two_new_incomplete_melds_of_a_rank_in_one_action_refused():
    g = play("9C 9S 9H 9D 9C 9S 5C")
    refused(g, 0, meld_action(g, 0, "9C 9S 9H", "9D 9C 9S"), "HF-M6")


def test_HF_M6_second_incomplete_wild_meld_refused():
    g = play("JK 2C 2D 5C", "2H 2S JK")
    refused(g, 0, meld_action(g, 0, "JK 2C 2D"), "HF-M6")


def test_HF_M6_new_meld_allowed_once_the_old_is_a_pile():
    g = play("9C 9S 9H 5C", "9S 9H 9D 9C 9S 9H 9D")
    meld(g, 0, "9C 9S 9H")
    assert [m["size"] for m in melds_of(g, 0)] == [7, 3]


def test_HF_M6_pile_laid_down_beside_a_new_meld_of_the_rank():
    # (completing an old meld and starting a new one in one action happens in a take:
    # see test_HF_P10_example_3 in test_hf_pile.py)
    g = play("9C 9S 9H 9D 9C 9S 9H 9D 9C 9S 5C")
    meld(g, 0, "9C 9S 9H 9D 9C 9S 9H", "9D 9C 9S")
    assert sorted(m["size"] for m in melds_of(g, 0)) == [3, 7]


def test_HF_M6_other_team_melds_do_not_count():
    g = position("turn: 0\nphase: play\nhands.0: 9C 9S 9H 5C\nmelds.1: 9S 9H 9D\nopened.0: true")
    meld(g, 0, "9C 9S 9H")
    assert meld_codes(g, 0) == [codes("9C 9H 9S")]


# ---------------------------------------------------------------- HF-M7 lay-off
def test_HF_M7_example_single_wild_refused_wild_with_natural_accepted():
    g = play("2C 7D 5C", "7S 7H 7C JK")
    mid = meld_id(g, 0, "7")
    refused(g, 0, lay_off_action(g, 0, mid, "2C"), "HF-M2")  # 5 cards, 2 wilds
    g.apply(0, lay_off_action(g, 0, mid, "2C 7D"))          # 6 cards, 2 wilds
    (m,) = melds_of(g, 0)
    assert m["size"] == 6 and m["kind"] == "mixed"
    assert hand_codes(g, 0) == ["5C"]


def test_HF_M7_lay_off_onto_partners_meld_and_result_in_view():
    g = play("QC QD 5C", "QS QH QD")
    events = g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "Q"), "QC QD"))
    assert any(e["type"] == "laid_off" and e["size"] == 5 for e in events)
    assert meld_codes(g, 0) == [codes("QS QH QD QC QD")]


def test_HF_M7_lay_off_needs_a_meld_id_of_the_team():
    g = play("QC 5C", "QS QH QD")
    refused(g, 0, {"type": "lay_off", "meld": 99, "cards": ids(g, 0, "QC")}, "HF-M9")


# ---------------------------------------------------------------- HF-M8 permanence
def test_HF_M8_melded_cards_cannot_be_played_again():
    g = play("QC 5C 6C", "QS QH QD | 8S 8H 8D")
    melded = [c["id"] for c in melds_of(g, 0)[0]["cards"]]
    refused(g, 0, {"type": "lay_off", "meld": melds_of(g, 0)[1]["id"], "cards": melded[:1]},
            "HF-T1")
    refused(g, 0, {"type": "discard", "card": melded[0]}, "HF-T1")
    refused(g, 0, {"type": "meld", "melds": [melded]}, "HF-T1")
    g.apply(0, lay_off_action(g, 0, meld_id(g, 0, "Q"), "QC"))
    assert [c["id"] for c in melds_of(g, 0)[0]["cards"]][:3] == melded


# ---------------------------------------------------------------- HF-M9 own turn, own melds
def test_HF_M9_no_lay_off_on_opponents_meld():
    g = position("turn: 0\nphase: play\nhands.0: QC 5C\nmelds.0: 8S 8H 8D\n"
                 "melds.1: QS QH QD")
    msg = refused(g, 0, lay_off_action(g, 0, meld_id(g, 1, "Q"), "QC"), "HF-M9")
    assert "other team" in msg


def test_HF_M9_meld_only_in_own_play_phase():
    g = position("turn: 0\nphase: draw\nhands.0: QC QD QS 5C\nhands.1: KS KH KD 5D\n"
                 "opened.0: true\nopened.1: true")
    refused(g, 0, meld_action(g, 0, "QC QD QS"), "HF-T1")   # draw phase
    refused(g, 1, meld_action(g, 1, "KS KH KD"), "HF-T1")   # not seat 1's turn


# ---------------------------------------------------------------- HF-M10 before opening
def test_HF_M10_unopened_team_first_meld_must_reach_minimum():
    g = play("KS KH KD 5C", opened=False)
    refused(g, 0, meld_action(g, 0, "KS KH KD"), "HF-I1")  # 30 < 50


def test_HF_M10_unopened_team_cannot_lay_off():
    g = play("KS 5C", opened=False)
    refused(g, 0, {"type": "lay_off", "meld": 1, "cards": ids(g, 0, "KS")}, "HF-M9")


# ---------------------------------------------------------------- HF-M11 wild identity
def test_HF_M11_wild_stands_for_the_rank_and_keeps_its_value():
    g = play("KS KH JK 5C", "8S 8H 8D")
    meld(g, 0, "KS KH JK")
    m = next(m for m in melds_of(g, 0) if m["rank"] == "K")
    assert m["kind"] == "mixed" and m["size"] == 3
    # no second K meld may start beside it: the joker made it a meld of Ks
    assert m["rank"] == "K"


# ---------------------------------------------------------------- HF-M12 meld action
def test_HF_M12_several_melds_at_once():
    g = play("KS KH KD 9S 9H 9D JK 2C 2D 5C")
    meld(g, 0, "KS KH KD", "9S 9H 9D", "JK 2C 2D")
    assert len(melds_of(g, 0)) == 3
    assert hand_codes(g, 0) == ["5C"]


def test_HF_M12_one_bad_meld_refuses_all():
    g = play("KS KH KD 9S 9H 5C")
    refused(g, 0, meld_action(g, 0, "KS KH KD", "9S 9H"), "HF-M1")
    assert melds_of(g, 0) == []


# ---------------------------------------------------------------- HF-M13 order of checks
def test_HF_M13_card_not_in_hand_or_named_twice_is_T1():
    g = play("KS KH KD 5C")
    k = ids(g, 0, "KS")[0]
    refused(g, 0, {"type": "meld", "melds": [[k, k, ids(g, 0, "KH")[0]]]}, "HF-T1")
    refused(g, 0, {"type": "meld", "melds": [[*ids(g, 0, "KS KH"), 9999]]}, "HF-T1")


def test_HF_M13_order_M9_before_M4_before_M5():
    g = position("turn: 0\nphase: play\nhands.0: 3S 5C KS\nmelds.0: 8S 8H 8D\n"
                 "melds.1: QS QH QD QC QS QH QD")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 1, "Q"), "3S"), "HF-M9")
    g = play("3S KS 5C", "KS KH KD KC KS KH KD")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K"), "3S"), "HF-M4")


def test_HF_M13_order_M5_before_M3_before_M1_before_M2_before_M6():
    g = play("5H 5S 5D 5C 5H 2C KS", "JK JK JK 2H 2S 2D 2C | JK 2H 2S 2D | 5S 5D 5C")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, None, complete=True), "5H"), "HF-M5")
    wild = meld_id(g, 0, None, complete=False)
    refused(g, 0, lay_off_action(g, 0, wild, "5H 5S 5D 5C"), "HF-M3")  # also over 7
    five = meld_id(g, 0, "5")
    refused(g, 0, lay_off_action(g, 0, five, "5H 5S 5D 5C 5H"), "HF-M1")  # 8 cards
    # 2 naturals + 2 wilds in a new 4-card meld breaks HF-M2 and also HF-M6
    g2 = play("5H 5S 2C JK KS", "5S 5D 5C")
    refused(g2, 0, meld_action(g2, 0, "5H 5S 2C JK"), "HF-M2")


def test_HF_M13_meld_rules_before_minimum_count():
    g = play("KS KH 5C 5D", opened=False)
    refused(g, 0, meld_action(g, 0, "KS KH"), "HF-M1")


# ---------------------------------------------------------------- HF-I minimum count
def test_HF_I1_minimum_count_by_deal():
    cases = {  # deal: (melds just short, melds exactly at the minimum)
        1: (["KS KH KD KC"], ["KS KH KD KC KS"]),                       # 40 / 50
        2: (["AS AH AD", "7S 7H 7D"], ["AS AH AD", "KS KH KD"]),         # 75 / 90
        3: (["AS AH AD AC AS"], ["AS AH AD AC AS AH"]),                  # 100 / 120
        4: (["JK JK 2C"], ["JK JK JK"]),                                 # 120 / 150
    }
    for deal, (short, exact) in cases.items():
        seat, team = deal % 4, deal % 2
        g = position(f"deal_number: {deal}\ndealer: {deal - 1}\nturn: {seat}\nphase: play\n"
                     f"hands.{seat}: AS AH AD AC AS AH KS KH KD KC KS 7S 7H 7D JK JK JK 2C 5C")
        assert g.view(seat)["min_count"][team] == [50, 90, 120, 150][deal - 1]
        msg = refused(g, seat, meld_action(g, seat, *short), "HF-I1")
        assert str([50, 90, 120, 150][deal - 1]) in msg
        meld(g, seat, *exact)
        assert g.view(seat)["opened"][team] is True


def test_HF_I1_exactly_fifty_opens_in_deal_one():
    g = play("KS KH KD KC KS 5C", opened=False)
    refused(g, 0, meld_action(g, 0, "KS KH KD KC"), "HF-I1")  # 40
    meld(g, 0, "KS KH KD KC KS")                              # 50
    assert g.view(0)["opened"][0] is True
    assert g.view(0)["min_count"][0] == 0


def test_HF_I2_melds_of_one_action_add_up_separate_actions_do_not():
    g = play("KS KH KD 9S 9H 9D 5C 6C", opened=False)
    refused(g, 0, meld_action(g, 0, "KS KH KD"), "HF-I1")  # 30
    meld(g, 0, "KS KH KD", "9S 9H 9D")                    # 30 + 30
    assert g.view(0)["opened"][0]


def test_HF_I2_red_threes_and_pile_bonus_never_count():
    g = position("turn: 0\nphase: play\nhands.0: 4S 4H 4D 4C 4S 4H 4D 5C\n"
                 "red_threes.0: 3H 3D 3H\nopened.0: false")
    # a clean pile of 4s: 35 points of cards, however big its bonus
    refused(g, 0, meld_action(g, 0, "4S 4H 4D 4C 4S 4H 4D"), "HF-I1")


def test_HF_I3_only_the_top_card_of_a_take_counts():
    g = position("turn: 0\nphase: draw\nhands.0: KS KH 5C 9D\n"
                 "discard: AS AH AD AC AS AH KD\nopened.0: false")
    from .helpers import take_action
    msg = refused(g, 0, take_action(g, 0, "KS KH"), "HF-I1")  # 30, the aces beneath don't count
    assert "30" in msg


def test_HF_I4_partner_needs_no_minimum_once_team_opened():
    g = position("turn: 2\nphase: play\nhands.2: 4S 4H 4D 5C\nmelds.0: KS KH KD KC KS")
    meld(g, 2, "4S 4H 4D")  # 15 points, no minimum
    assert len(melds_of(g, 0)) == 2


def test_HF_I4_opening_carries_over_to_partners_later_turn():
    g = position("turn: 0\nphase: play\nhands.0: KS KH KD KC KS 5C 6C\n"
                 "hands.2: 4S 4H 4D 9C\nopened.0: false\nstock: 60")
    meld(g, 0, "KS KH KD KC KS")
    g.apply(0, {"type": "discard", "card": ids(g, 0, "5C")[0]})
    g.apply(1, {"type": "draw"})
    g.apply(1, {"type": "discard", "card": g.view(1)["hand"][0]["id"]})
    g.apply(2, {"type": "draw"})
    meld(g, 2, "4S 4H 4D")
    assert len(melds_of(g, 0)) == 2


def test_HF_I5_falling_short_changes_nothing():
    g = play("KS KH KD 9S 9H 9D 5C", opened=False, extra="deal_number: 2\ndealer: 1\n")
    msg = refused(g, 0, meld_action(g, 0, "KS KH KD", "9S 9H 9D"), "HF-I1")  # 60 < 90
    assert "90" in msg and "60" in msg
    assert g.view(0)["opened"][0] is False


def test_HF_I6_initial_meld_may_be_a_complete_pile():
    g = play("8S 8H 8D 8C 8S 8H 8D 5C", opened=False)
    meld(g, 0, "8S 8H 8D 8C 8S 8H 8D")  # 70 points of cards
    (m,) = melds_of(g, 0)
    assert m["kind"] == "clean" and g.view(0)["opened"][0]


def test_HF_M7_lay_off_only_in_the_play_phase():
    g = position("turn: 0\nphase: draw\nhands.0: KC 5C\nmelds.0: KS KH KD")
    refused(g, 0, lay_off_action(g, 0, meld_id(g, 0, "K"), "KC"), "HF-T1")
