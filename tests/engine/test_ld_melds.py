"""Looking and Down: melds (LD-M) and the initial meld (LD-I)."""

from __future__ import annotations

import engine

from .helpers import ids, refused
from .ld_helpers import meld_kinds, position

# Seat 1 has opened; its melds: 1 = 9s (3), 2 = red canasta of Qs, 3 = black canasta of Ks.
TABLE = """turn: 1
phase: play
hands.1: 9C 9H 2C 2D JK 3H 3D 3S 3C 5H 5S 5D QC 8H 8S
melds.1: 9H 9S 9D | QH QS QD QC QH QS QD | KH KS KD KC KH 2S JK
melds.2: 6H 6S 6D
stock: 30"""


def meld(game: engine.Game, seat: int, *groups: str) -> list:
    from .helpers import meld_action
    return game.apply(seat, meld_action(game, seat, *groups))


def test_LD_M1_three_to_seven_cards_of_one_rank() -> None:
    game = position(TABLE)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S")]}, "LD-M1")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 8H")]}, "LD-M1")
    refused(game, 1, {"type": "lay_off", "meld": 2, "cards": ids(game, 1, "QC")}, "LD-M4")
    meld(game, 1, "5H 5S 5D")


def test_LD_M2_fewer_wilds_than_half() -> None:
    game = position(TABLE)
    assert [game.rules.max_wilds(n) for n in range(3, 8)] == [1, 1, 2, 2, 3]
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 2C JK")]}, "LD-M2")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 2C 2D")]}, "LD-M2")
    meld(game, 1, "5H 5S 5D 2C 2D")


def test_LD_M3_no_meld_of_wild_cards_only() -> None:
    game = position(TABLE)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "2C 2D JK")]}, "LD-M3")


def test_LD_M4_canastas_red_and_black_and_nothing_more_joins_them() -> None:
    game = position(TABLE)
    assert meld_kinds(game, 1) == ["black_canasta", "natural", "red_canasta"]
    refused(game, 1, {"type": "lay_off", "meld": 3, "cards": ids(game, 1, "2C")}, "LD-M4")
    game = position(TABLE.replace("9H 9S 9D |", "9H 9S 9D 9S 9D |"))
    game.apply(1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "9C 2C")})
    assert meld_kinds(game, 1) == ["black_canasta", "black_canasta", "red_canasta"]


def test_LD_M5_one_red_three_on_a_complete_red_canasta() -> None:
    game = position(TABLE)
    refused(game, 1, {"type": "lay_off", "meld": 3, "cards": ids(game, 1, "3H")}, "LD-M5")
    refused(game, 1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "3H")}, "LD-M5")
    refused(game, 1, {"type": "lay_off", "meld": 2, "cards": ids(game, 1, "3H 3D")}, "LD-M5")
    game.apply(1, {"type": "lay_off", "meld": 2, "cards": ids(game, 1, "3H")})
    assert "red_canasta_3" in meld_kinds(game, 1)
    refused(game, 1, {"type": "lay_off", "meld": 2, "cards": ids(game, 1, "3D")}, "LD-M5")
    refused(game, 1, {"type": "lay_off", "meld": 2, "cards": ids(game, 1, "QC")}, "LD-M4")


def test_LD_M5_red_canasta_and_its_red_three_in_one_meld_action() -> None:
    game = position("turn: 1\nphase: play\nhands.1: 7S 7H 7D 7C 7S 7H 7D 3H 9C\n"
                    "melds.1: 9H 9S 9D\nstock: 9")
    meld(game, 1, "7S 7H 7D 7C 7S 7H 7D 3H")
    assert "red_canasta_3" in meld_kinds(game, 1)


def test_LD_M6_black_threes_only_as_seven_when_going_out() -> None:
    base = """turn: 1
phase: play
hands.1: 3S 3C 3S 3C 3S 3C 3S 8H
melds.1: QH QS QD QC QH QS QD | KH KS KD KC KH 2S JK
stage.1: down
stock: 30"""
    game = position(base)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "3S 3C 3S 3C 3S 3C 3S")]})
    assert "black_threes" in meld_kinds(game, 1)
    mid = next(m["id"] for m in game.view(None)["melds"] if m["kind"] == "black_threes")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert game.score_sheet[-1]["went_out"] == [1]
    assert mid
    # Not going out: one canasta only.
    game = position(base.replace(" | KH KS KD KC KH 2S JK", ""))
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3S 3C 3S 3C 3S 3C 3S")]},
            "LD-M6")
    # Six black threes, or black threes in the looking stage.
    game = position(base)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3S 3C 3S 3C 3S 3C")]}, "LD-M6")
    game = position(base.replace("stage.1: down", "stage.1: looking"))
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3S 3C 3S 3C 3S 3C 3S")]},
            "LD-M6")


def test_LD_M6_nothing_joins_a_black_three_meld() -> None:
    game = position("turn: 1\nphase: play\nhands.1: 3S 9C 8D\nmelds.1: 3S 3C 3S 3C 3S 3C 3C\n"
                    "stock: 9")
    refused(game, 1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "3S")}, "LD-M6")


def test_LD_M7_no_other_threes_in_melds() -> None:
    game = position(TABLE)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 3H")]}, "LD-M5")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 3S")]}, "LD-M6")


def test_LD_M8_several_melds_of_one_rank() -> None:
    game = position(TABLE.replace("9C 9H 2C", "9C 9H 9C 2C"))
    meld(game, 1, "9C 9H 9C")
    assert sum(1 for m in game.view(None)["melds"] if m["rank"] == "9") == 2


def test_LD_M9_lay_off_on_own_melds_only() -> None:
    game = position(TABLE.replace("5H 5S 5D", "5H 5S 5D 6C"))
    other = next(m["id"] for m in game.view(None)["melds"] if m["team"] == 2)
    refused(game, 1, {"type": "lay_off", "meld": other, "cards": ids(game, 1, "6C")}, "LD-M9")


def test_LD_M10_only_the_result_of_a_lay_off_is_judged() -> None:
    game = position(TABLE.replace("9H 9S 9D |", "9H 9S 9D 2H |"))
    game.apply(1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "2C")})  # 5 with 2
    game = position(TABLE.replace("9H 9S 9D |", "9H 9S 2H |"))
    refused(game, 1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "2C")}, "LD-M2")
    game.apply(1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "9C 9H 2C")})


def test_LD_M11_melded_cards_stay_melded() -> None:
    game = position(TABLE)
    melded = set(ids(game, 1, "5H 5S 5D"))
    meld(game, 1, "5H 5S 5D")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    assert melded.isdisjoint(game.hands[1])
    assert any(melded <= set(m.cards) for m in game.melds.values())


def test_LD_M12_melding_in_the_draw_phase_is_refused() -> None:
    game = position(TABLE.replace("phase: play", "phase: draw"))
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 5D")]}, "LD-T1")


def test_LD_M13_a_wild_card_keeps_its_own_value() -> None:
    game = position(TABLE)
    meld(game, 1, "5H 5S 2C")
    game.apply(1, {"type": "discard", "card": ids(game, 1, "8H")[0]})
    five = next(m for m in game.view(None)["melds"] if m["rank"] == "5")
    assert sum(game.rules.value(c["code"]) for c in five["cards"]) == 30


def test_LD_M14_order_of_checks() -> None:
    game = position(TABLE)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3H 2C 2D")]}, "LD-M5")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "3S 2C 2D")]}, "LD-M6")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "2C 2D")]}, "LD-M3")
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 8H 2C 2D")]}, "LD-M1")
    refused(game, 1, {"type": "meld", "melds": [[*ids(game, 1, "5H 5S"), 99_999]]}, "LD-T1")


UNOPENED = """turn: 1
phase: play
hands.1: 5H 5S 5D KH KS KD KC KH KS KD 9C 4D
stock: 30"""


def test_LD_I1_minimum_count_by_cumulative_score() -> None:
    game = position(UNOPENED)
    table = {-40: 15, 0: 50, 1500: 50, 1501: 90, 3000: 90, 3001: 120, 5000: 120, 5001: 150,
             7000: 150, 7001: 210, 9999: 210}
    for score, need in table.items():
        game.totals[1] = score
        assert game.min_count(1) == need, score
    game.totals[1] = 0
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 5D")]}, "LD-I1")
    game.totals[1] = -40
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 5D")]})


def test_LD_I2_one_action_counts_and_separate_actions_do_not_add_up() -> None:
    game = position(UNOPENED)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "KH KS KD")]}, "LD-I1")
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "KH KS KD KC KH"),
                                             ids(game, 1, "5H 5S 5D")]})
    assert game.opened[1]


def test_LD_I3_no_canasta_in_the_opening() -> None:
    game = position(UNOPENED)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "KH KS KD KC KH KS KD")]}, "LD-I3")
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "KH KS KD KC KH KS")]})
    game.apply(1, {"type": "lay_off", "meld": 1, "cards": ids(game, 1, "KD")})  # later: free
    assert "red_canasta" in meld_kinds(game, 1)


def test_LD_I4_taking_the_pile_to_open_counts_only_the_top_card() -> None:
    game = position("turn: 1\nphase: draw\nhands.1: KH KS QH QS 9C\n"
                    "discard: AH AS AD KC\nstock: 9")
    # KC KH KS = 30 < 50: the aces under the top do not count.
    refused(game, 1, {"type": "take_pile", "cards": ids(game, 1, "KH KS")}, "LD-I1")
    game.totals[1] = -10
    game.apply(1, {"type": "take_pile", "cards": ids(game, 1, "KH KS")})
    assert sorted(c["code"] for c in game.view(1)["hand"]) == ["9C", "AD", "AH", "AS", "QH",
                                                                "QS"]


def test_LD_I5_a_failed_opening_changes_nothing() -> None:
    game = position(UNOPENED)
    refused(game, 1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 5D")]}, "LD-I1")
    assert not game.opened[1] and game.melds == {}


def test_LD_I6_after_opening_no_minimum() -> None:
    game = position(UNOPENED)
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "KH KS KD KC KH")]})
    game.apply(1, {"type": "meld", "melds": [ids(game, 1, "5H 5S 5D")]})
    assert game.view(None)["min_count"][1] == 0


def test_LD_M5_kept_red_canastas_and_red_three_ids_match_the_table() -> None:
    """The red canastas a listing offers red threes to are kept between melds, and the red
    threes are asked of a set of ids: both always agree with a fresh look at the table and
    the faces, through random play with frozen seats, several deals and a loaded position."""
    from engine.bots import make_bot
    from engine.cards import RED_THREES

    def fresh(game: engine.Game, seat: int) -> list[int]:
        return [m.id for m in game.melds.values() if m.team == seat and m.rank != "3"
                and len(m.cards) == game.rules.complete_at and not m.wilds]

    games = [engine.create_game("looking_and_down", n, seed, {"max_deals": 2})
             for n, seed in ((3, 1), (4, 2), (5, 3))]
    games.append(position(TABLE))
    for game in games:
        bots = [make_bot("random", s) for s in range(game.seats)]
        while not game.over:
            for s in range(game.seats):
                assert game.red_canastas(s) == fresh(game, s)
            codes = game.codes
            assert game.red_three_ids() == {i for i, c in enumerate(codes) if c in RED_THREES}
            seat = min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
