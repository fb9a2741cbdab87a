"""Hand and Foot options HF-O1..O11 (shared/rules/hand_and_foot.md §9): defaults, effects,
and bad values refused naming the option's id."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.deck import shuffled_deck

from .helpers import (
    discard_action,
    draw,
    hand_codes,
    meld,
    meld_action,
    melds_of,
    position,
    refused,
    take_action,
    top,
)

SPEC_DEFAULTS = {
    "first_dealer": 0, "deals": 4, "min_counts": [50, 90, 120, 150],
    "go_out_piles": {"clean": 2, "dirty": 2, "wild": 1}, "take_count": 7, "hand_size": 13,
    "bury_first_upcard": False, "exact_cut_bonus": "off", "binding_permission": False,
    "red_three_value": 100, "pile_bonuses": {"clean": 500, "dirty": 300, "wild": 1500},
}


def test_GAMES_offers_four_seats_and_the_spec_defaults():
    info = engine.GAMES["hand_and_foot"]
    assert info.seats == (4,)
    for name, value in SPEC_DEFAULTS.items():
        assert info.options[name] == value
    assert info.options["exact_cut_chance"] == 0.1


@pytest.mark.parametrize("seats", [0, 1, 3, 5, 6, 8])
def test_bad_seat_count_refused(seats):
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("hand_and_foot", seats, seed=0)
    assert e.value.rule == "HF-S1" and str(seats) in e.value.message


def test_unknown_option_refused():
    with pytest.raises(engine.InvalidAction) as e:
        engine.create_game("hand_and_foot", 4, seed=0, options={"jokers": 4})
    assert e.value.rule.startswith("HF-O") and "jokers" in e.value.message


BAD = [
    ("HF-O1", "first_dealer", [4, -1, "0", True, None]),
    ("HF-O2", "deals", [0, -2, 1.5, "4", True]),
    ("HF-O3", "min_counts", [[], [50, -1], "50", [50, "90"], 50]),
    ("HF-O4", "go_out_piles", [{"clean": 1, "dirty": 1}, {"clean": -1, "dirty": 1, "wild": 1},
                               {"clean": 1, "dirty": 1, "wild": "1"}, [2, 2, 1]]),
    ("HF-O5", "take_count", [0, -3, "some", 2.5, None]),
    ("HF-O6", "hand_size", [0, 2, 26, "13", 11.0]),
    ("HF-O7", "bury_first_upcard", ["yes", 1, None]),
    ("HF-O8", "exact_cut_bonus", ["on", True, None]),
    ("HF-O8", "exact_cut_chance", [-0.1, 1.5, "0.5", True]),
    ("HF-O9", "binding_permission", ["yes", 0, None]),
    ("HF-O10", "red_three_value", ["100", 1.5, None, True]),
    ("HF-O11", "pile_bonuses", [{"clean": 300, "dirty": 100}, {"clean": 3, "dirty": 1, "x": 0},
                                {"clean": "300", "dirty": 100, "wild": 0}]),
]


@pytest.mark.parametrize("rule,name,values", BAD, ids=[f"{r}-{n}" for r, n, _ in BAD])
def test_HF_O_bad_option_values_refused_naming_the_option(rule, name, values):
    for value in values:
        with pytest.raises(engine.InvalidAction) as e:
            engine.create_game("hand_and_foot", 4, seed=0, options={name: value})
        assert e.value.rule == rule, (name, value, e.value)
        assert name in e.value.message and e.value.message.endswith(".")


# ---------------------------------------------------------------- each option's effect
def test_HF_O1_first_dealer():
    g = engine.create_game("hand_and_foot", 4, seed=3, options={"first_dealer": 2})
    assert g.view(None)["dealer"] == 2 and g.turn == 3


def test_HF_O2_deals():
    g = position("deal_number: 2\ndealer: 1\nturn: 2\nphase: play\nhands.2: 5C 6C\nstock: 0",
                 options={"deals": 2})
    g.apply(2, discard_action(g, 2, "5C"))
    assert g.over and g.phase == "game_over"
    g = position("deal_number: 2\ndealer: 1\nturn: 2\nphase: play\nhands.2: 5C 6C\nstock: 0",
                 options={"deals": 3})
    g.apply(2, discard_action(g, 2, "5C"))
    assert not g.over and g.phase == "deal_over"
    assert g.view(None)["deals"] == 3


def test_HF_O3_min_counts_last_value_reused():
    for deal, need in ((1, 10), (2, 40), (3, 40), (5, 40)):
        g = position(f"deal_number: {deal}\ndealer: {(deal - 1) % 4}\nturn: {deal % 4}\n"
                     f"phase: play\nhands.{deal % 4}: 4S 4H 4D 5C 9S 9H 9D 9C",
                     options={"min_counts": [10, 40], "deals": 6})
        seat = deal % 4
        assert g.view(seat)["min_count"][seat % 2] == need
        if need == 10:
            meld(g, seat, "4S 4H 4D")          # 15
        else:
            refused(g, seat, meld_action(g, seat, "9S 9H 9D"), "HF-I1")   # 30 < 40
            meld(g, seat, "9S 9H 9D 9C")       # 40


def test_HF_O4_go_out_piles():
    text = ("turn: 0\nphase: play\nstage.0: foot\nstage.2: foot\nfoot_played.2: true\n"
            "permission: yes\nasked: true\nhands.0: 9C\n"
            "melds.0: KS KH KD KC KS KH KD | AH AS AD AC AH 2C JK | JK JK JK 2H 2S 2D 2C\n")
    g = position(text)
    refused(g, 0, discard_action(g, 0, "9C"), "HF-G2")
    g = position(text, options={"go_out_piles": {"clean": 1, "dirty": 1, "wild": 1}})
    assert g.view(None)["go_out_piles"] == {"clean": 1, "dirty": 1, "wild": 1}
    events = g.apply(0, discard_action(g, 0, "9C"))
    assert {"type": "went_out", "seat": 0} in events and g.phase == "deal_over"


@pytest.mark.parametrize("take,taken", [("all", 10), (3, 3), (7, 7)])
def test_HF_O5_take_count(take, taken):
    g = position("turn: 0\nphase: draw\nhands.0: 9S 9H 5C\n"
                 "discard: AS AH 4C 4D 6C 6D 7C 7D 8C 9D\nmelds.0: KS KH KD",
                 options={"take_count": take})
    events = g.apply(0, take_action(g, 0, "9S 9H"))
    assert next(e for e in events if e["type"] == "took_pile")["count"] == taken
    assert g.view(0)["discard"]["size"] == 10 - taken
    assert len(hand_codes(g, 0)) == 1 + taken - 1


def test_HF_O6_hand_size():
    g = engine.create_game("hand_and_foot", 4, seed=0, options={"hand_size": 11})
    z = g.view(None)["zones"]
    assert z["hands"] + z["red_threes"] == 44 and z["feet"] == 44
    assert z["discard"] == 1 and sum(z.values()) == 270
    assert all(g.view(None)["counts"][s]["foot"] == 11 for s in range(4))


@pytest.mark.parametrize("seed", [64, 120])  # seed 64 turns up a red three, seed 120 a joker
def test_HF_O7_bury_first_upcard(seed):
    up = shuffled_deck("hand_and_foot", seed, 1, 5, 10)[0][104]
    assert up in ("3H", "3D", "JK")
    assert top(engine.create_game("hand_and_foot", 4, seed=seed)) == up
    g = engine.create_game("hand_and_foot", 4, seed=seed, options={"bury_first_upcard": True})
    assert top(g) not in ("3H", "3D", "JK")
    assert g.view(None)["discard"]["size"] == 1
    assert sum(g.view(None)["zones"].values()) == 270
    assert Counter(g.to_dict()["state"]["codes"])["JK"] == 10


def test_HF_O8_exact_cut_bonus():
    plain = engine.create_game("hand_and_foot", 4, seed=4)
    g = engine.create_game("hand_and_foot", 4, seed=4,
                           options={"exact_cut_bonus": "chance", "exact_cut_chance": 1.0})
    # drawn after the shuffle: the deal itself is unchanged
    assert [hand_codes(g, s) for s in range(4)] == [hand_codes(plain, s) for s in range(4)]
    cuts = [e for e in g.events if e["type"] == "exact_cut"]
    assert [e["seat"] for e in cuts] == [0, 1, 2, 3]
    # end the deal at once: the first player finds the stock empty
    d = g.to_dict()
    d["state"]["stock"] = []
    g = engine.from_dict(d)
    draw(g, g.turn)
    g.apply(g.turn, {"type": "discard", "card": g.view(g.turn)["hand"][0]["id"]})
    row = g.score_sheet[-1]
    assert row["teams"][0]["exact_cut"] == 200 and row["teams"][1]["exact_cut"] == 200
    none = engine.create_game("hand_and_foot", 4, seed=4,
                              options={"exact_cut_bonus": "chance", "exact_cut_chance": 0.0})
    assert not any(e["type"] == "exact_cut" for e in none.events)


def test_HF_O9_binding_permission():
    text = ("turn: 0\nphase: play\nstage.0: foot\nstage.2: foot\nfoot_played.2: true\n"
            "hands.0: 9C 4D\nstock: 20\nmelds.0: KS KH KD\n")
    g = position(text, options={"binding_permission": True})
    g.apply(0, {"type": "ask_to_go_out"})
    g.apply(2, {"type": "answer", "answer": {"allow": True}})
    refused(g, 0, discard_action(g, 0, "4D"), "HF-O9")
    assert not any(e["type"] == "discard" for e in g.legal(0))
    # without the option a yes does not bind
    g = position(text)
    g.apply(0, {"type": "ask_to_go_out"})
    g.apply(2, {"type": "answer", "answer": {"allow": True}})
    g.apply(0, discard_action(g, 0, "4D"))
    assert g.turn == 1
    # a no never binds
    g = position(text, options={"binding_permission": True})
    g.apply(0, {"type": "ask_to_go_out"})
    g.apply(2, {"type": "answer", "answer": {"allow": False}})
    g.apply(0, discard_action(g, 0, "4D"))
    assert g.turn == 1


def test_HF_O10_red_three_value():
    text = ("turn: 0\nphase: play\nstock: 0\nhands.0: 4C 5C\nstage.0: foot\nstage.2: foot\n"
            "stage.3: foot\nstage.1: hand\nfeet.1: 3H 4S\nred_threes.0: 3D 3D\n")
    g = position(text, options={"red_three_value": -500})
    g.apply(0, discard_action(g, 0, "4C"))
    teams = g.score_sheet[-1]["teams"]
    assert teams[0]["red_threes"] == {"count": 2, "points": -1000}
    assert teams[1]["penalty"][1]["foot"] == -505   # an unplayed red three counts 500 against
    g = position(text)
    g.apply(0, discard_action(g, 0, "4C"))
    teams = g.score_sheet[-1]["teams"]
    assert teams[0]["red_threes"]["points"] == 200 and teams[1]["penalty"][1]["foot"] == -105


def test_HF_O11_pile_bonuses():
    text = ("turn: 0\nphase: play\nstock: 0\nhands.0: 4C 5C\nstage.0: foot\nstage.1: foot\n"
            "stage.2: foot\nstage.3: foot\n"
            "melds.0: KS KH KD KC KS KH KD | QS QH QD QC QS 2H 2D | JK JK 2C 2C 2S 2S 2H\n")
    g = position(text, options={"pile_bonuses": {"clean": 300, "dirty": 100, "wild": 0}})
    g.apply(0, discard_action(g, 0, "4C"))
    piles = g.score_sheet[-1]["teams"][0]["piles"]
    assert piles == {"clean": {"count": 1, "bonus": 300}, "dirty": {"count": 1, "bonus": 100},
                     "wild": {"count": 1, "bonus": 0}}
    assert len(melds_of(g, 0)) == 3
