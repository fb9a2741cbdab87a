"""The lobby's v replays a table's finished game: the one over, or the last one played to
the end before a play again (the listing's ``replay``)."""

from __future__ import annotations

from tests.tui.conftest import WELCOME, FakeLink, lobby_message
from tui.app import make_app


async def test_v_replays_the_last_finished_game_of_a_table_playing_again() -> None:
    link = FakeLink()
    listing = lobby_message()
    listing["tables"][0]["replay"] = True  # table 1 plays its second round
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(listing)
        await pilot.pause()
        await pilot.press("v")  # the cursor is on table 1
        await pilot.pause()
        assert link.sent[-1] == {"t": "record", "table": 1, "format": "json"}
        await pilot.press("down", "v")  # table 2 never finished a game
        await pilot.pause()
        assert link.sent[-1] == {"t": "record", "table": 1, "format": "json"}
