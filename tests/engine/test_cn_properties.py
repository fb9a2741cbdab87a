"""Canastone under random play with any options: every listed choice passes `check`, cards
are conserved and nothing hidden is shown (the shared suite runs the default options)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import make_bot

from .helpers import assert_listing_checks
from .test_properties import advance, assert_sound, step

CN_OPTIONS = st.fixed_dictionaries({"max_deals": st.just(1)}, optional={
    "premeld_draw": st.sampled_from([1, 2]),
    "go_out_canastas": st.sampled_from(["natural_and_mixed", "two_natural"]),
    "unfinished_wild_meld_blocks_wilds": st.booleans(),
    "unfinished_wild_meld_blocks_going_out": st.booleans(),
    "many_canastas": st.sampled_from(["seed", "pagat", "five_natural", "none"]),
    "red_three_values": st.sampled_from(["seed", "flat"]), "wild_melds": st.booleans(),
    "partner_permission": st.booleans(), "clean_opening_at_50": st.booleans(),
    "unopened_hand_doubled": st.booleans(), "first_dealer": st.integers(0, 1)})


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**128), seats=st.sampled_from([2, 3, 4, 6]), options=CN_OPTIONS,
       level=st.sampled_from(["random", "basic"]))
def test_canastone_listed_choices_pass_check_with_any_options(
        seed: int, seats: int, options: dict, level: str) -> None:
    game = engine.create_game("canastone", seats, seed, options)
    rng = random.Random(seed)
    bots = [make_bot(level, rng.randrange(10**9)) for _ in range(seats)]
    n = 0
    while not game.over:
        if n % 5 == 0:
            for seat in sorted(game.to_act):
                assert_listing_checks(game, seat)
        for seat in range(seats):
            assert bool(game.legal(seat)) == (seat in game.to_act)
        step(game, bots, rng)
        n += 1
    assert_sound(game)


def test_canastone_listing_order_is_the_same_in_a_copy() -> None:
    """Found by the shared suite: meld blocks came in the order of the hand index, which
    follows the cards' comings and goings, so a copy built afresh listed them otherwise."""
    game = engine.create_game("canastone", 6, 14, {"max_deals": 1})
    advance(game, random.Random(14), 59)
    for seat in [*range(6), None]:
        assert game.clone().view(seat) == game.view(seat)
