"""The hand index never goes stale: after any mix of removals, additions, steals (one
card out, one in: the same size again), exchanges and whole new hands, the kept index
equals one built afresh from the hand as it is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine

OPS = st.lists(
    st.tuples(st.sampled_from(["remove_one", "remove", "add", "steal", "exchange", "assign",
                               "look"]),
              st.integers(0, 3), st.integers(0, 10**6)),
    min_size=1, max_size=40)


def fresh(game: engine.Game, seat: int) -> tuple:
    by_rank: dict[str, list[int]] = {}
    wilds: list[int] = []
    for i in game.hands[seat]:
        g = game._group[i]
        if g == "*":
            wilds.append(i)
        elif g is not None:
            by_rank.setdefault(g, []).append(i)
    return by_rank, wilds, {r for r, ids in by_rank.items() if len(ids) > 1}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64), ops=OPS)
def test_hand_index_matches_a_fresh_one_after_any_changes(seed: int, ops: list) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    pool = list(game.stock)  # cards outside every hand, to add from
    for op, seat, r in ops:
        hand = game.hands[seat]
        game.hand_groups(seat)  # the index is kept before each change
        if op == "remove_one" and hand:
            game._remove_one(seat, hand[r % len(hand)])
        elif op == "remove" and len(hand) >= 2:
            k = 2 + r % (len(hand) - 1)
            game._remove(seat, list(hand[:k]))
        elif op == "add" and pool:
            game._add_to_hand(seat, [pool.pop()])
        elif op == "steal" and hand and pool:  # out, then in: the hand's size is unchanged
            game._remove_one(seat, hand[r % len(hand)])
            game._add_to_hand(seat, [pool.pop()])
        elif op == "exchange" and len(hand) >= 2 and len(pool) >= 2:
            out = [hand[0], hand[-1]]
            game._remove(seat, out)
            game._add_to_hand(seat, [pool.pop(), pool.pop()])
            pool[:0] = out
        elif op == "assign" and pool:
            game.hands[seat] = [pool.pop(), *hand[1:]]
        got = game.hand_groups(seat)
        assert got == fresh(game, seat), (op, seat)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**128))
def test_hand_index_stays_current_through_a_random_deal(seed: int) -> None:
    """Every way the engine itself changes hands (draws, takes, melds, lay-offs, the
    foot) leaves each kept index equal to a fresh one."""
    from engine.bots import make_bot

    game = engine.create_game("hand_and_foot", 4, seed, {"deals": 1})
    bots = [make_bot("random", seed % 1000 + s) for s in range(4)]
    while not game.over:
        (seat,) = game.to_act
        game.apply(seat, bots[seat].act(game.view(seat)))
        for s in range(4):
            if game._current_index(s) is not None:
                assert game.hand_groups(s) == fresh(game, s)
