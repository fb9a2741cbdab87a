"""`score_if_ended`: how the search bot judges a deal it has not played to its end."""

from __future__ import annotations

import pytest

import engine
from engine.bots import make_bot

SEATINGS = [("hand_and_foot", 4), ("looking_and_down", 3), ("skarney", 4), ("canastone", 4)]


def mid_deal(name: str, seats: int, actions: int) -> engine.Game:
    game = engine.create_game(name, seats, 5)
    bots = [make_bot("random", s) for s in range(seats)]
    for _ in range(actions):
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


@pytest.mark.parametrize(("name", "seats"), SEATINGS)
def test_scoring_a_deal_as_if_it_ended_changes_nothing(name: str, seats: int) -> None:
    """The search asks it of its rollout worlds only, but a game that changed itself while
    scoring (Looking and Down cleared its frozen seats) would play on differently."""
    for actions in (30, 120):
        game = mid_deal(name, seats, actions)
        before = game.to_dict()
        scores = game.score_if_ended()
        assert game.to_dict() == before
        assert set(scores) == set(range(len(game.teams)))
        assert all(type(v) is int for v in scores.values())

