"""The leak audit over the network, small: two seeded games of every game the engine has.

Every frame every player and spectator received is checked against the engine's full
state at that action (``leakaudit.py``); ``bench/leak_audit.py`` runs 100 games.
"""

from __future__ import annotations

import asyncio

import pytest
from leakaudit import audit, options_for, play_one

import engine
from netcode.server import Host


@pytest.mark.parametrize("game", sorted(engine.GAMES))
async def test_no_frame_shows_a_card_its_session_may_not_see(host: Host, game: str) -> None:
    seats = engine.GAMES[game].seats[0]
    results = await asyncio.gather(*(
        play_one(host, game, seats, seed, options_for(game, short=True), f"a{seed}")
        for seed in (101, 202)))
    for result in results:
        assert result["actions"] > 20 and result["frames"] > 100, result
        assert result["problems"] == [], result["problems"][:10]
    # The audit finds a leak when there is one: seat 0's frames, as if sent to seat 1
    # or to a spectator, name cards those may not see.
    first = results[0]
    own = first["sessions"][0][1]
    for wrong in (1, None):
        found = audit(game, first["seats"], first["seed"], first["options"], first["log"],
                      [(wrong, own)])
        assert any("hidden cards" in p for p in found) and any("differs" in p for p in found)
