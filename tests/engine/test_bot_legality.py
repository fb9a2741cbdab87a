"""Every bot level sends only legal actions: 300 seeded games per game and level.

The games are one deal long (the deal is where legality lives; a longer game only repeats
deals) and each game's seatings take turns, so every seating is played. Each action is
checked before it is applied, so an illegal one fails here naming its rule. The `search`
level plays with a small budget (a few milliseconds a decision; its candidates are the
listing's own, played out on fresh deals of the unseen cards), over fewer games: its
budget by the clock, not its games, is what bounds it.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import make_bot

ONE_DEAL: dict[str, tuple[dict[str, Any], tuple[int, ...]]] = {
    "hand_and_foot": ({"deals": 1}, (4,)),
    "looking_and_down": ({"max_deals": 1}, (2, 3, 4, 5, 6, 8)),
    "skarney": ({"deals": 1}, (2, 3, 4)),
    "canastone": ({"max_deals": 1}, (2, 3, 4, 6)),
}
GAMES_PER_LEVEL = 300
CHUNK = 50
"""Seeds per test, so the sweep spreads over the test workers."""


def play_one_deal(name: str, seed: int, level: str, **settings: Any) -> int:
    options, seatings = ONE_DEAL[name]
    seats = seatings[seed % len(seatings)]
    game = engine.create_game(name, seats, seed, options)
    bots = [make_bot(level, seed * 16 + s, **settings) for s in range(seats)]
    actions = 0
    while not game.over:
        seat = min(game.to_act)
        bot = bots[seat]
        view = game.view(seat)
        action = bot.act(view, game) if getattr(bot, "wants_game", False) else bot.act(view)
        game.check(seat, action)  # raises IllegalAction, naming the rule, if it is not legal
        game.apply(seat, action)
        actions += 1
    return actions


@pytest.mark.parametrize("name", sorted(ONE_DEAL))
@pytest.mark.parametrize("level", ["random", "basic"])
@pytest.mark.parametrize("first", range(0, GAMES_PER_LEVEL, CHUNK))
def test_bots_send_only_legal_actions_in_300_games(name: str, level: str, first: int) -> None:
    played = [play_one_deal(name, seed, level) for seed in range(first, first + CHUNK)]
    assert all(played)


@pytest.mark.parametrize("name", sorted(ONE_DEAL))
def test_the_search_bot_sends_only_legal_actions(name: str) -> None:
    played = [play_one_deal(name, seed, "search", think_ms=3) for seed in range(4)]
    assert all(played)
