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


def test_CN_D4_the_starting_face_up_cards_are_public_though_covered() -> None:
    """The 100-game audit flagged Canastone's start: its event names the face-up starting
    cards (a wild card or a three, then the top, CN-D4), and the ones under the top were
    counted as the closed pile's. They were seen by everyone; a face-down card is not."""
    from leakaudit import wire

    seed = next(s for s in range(200)
                if len(engine.create_game("canastone", 4, s).discard) > 1)
    game = engine.create_game("canastone", 4, seed)
    start = {"t": "events", "seq": 0, "events": game.events}
    view = {"t": "view", "seq": 0, "seat": 1, "view": wire(game.view(1)),
            "recent": [{"seq": 0, "seat": None, "events": game.events}]}
    assert audit("canastone", 4, seed, {}, [], [(1, [start, view]), (None, [start])]) == []
    peek = {"t": "events", "seq": 0, "events": [{"type": "x", "card": {
        "id": game.face_down[0], "code": game.codes[game.face_down[0]]}}]}
    assert any("hidden cards" in p for p in audit("canastone", 4, seed, {}, [], [(1, [peek])]))
