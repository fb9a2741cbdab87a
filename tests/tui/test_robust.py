"""Small windows, settings, the lobby's requests, and a host that says goodbye."""

from __future__ import annotations

from tests.tui.conftest import HAND_STAGE, WELCOME, FakeLink, game_at, lobby_message, view_message
from tui.app import make_app
from tui.lobby import CreateScreen
from tui.sheets import TooSmallScreen
from tui.table import TableScreen


async def test_too_small_then_large_again_then_bye() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.push({"t": "joined", "table": 3, "seat": 1, "game": "hand_and_foot", "seats": 4,
                   "role": "player"})
        link.push(view_message(game_at(HAND_STAGE), 1))
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80x24 (it is 60x20)" in str(app.screen.query_one("#toosmall").render())
        link.push(view_message(game_at(HAND_STAGE), 1, seq=13))  # still rendered underneath
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        link.push({"t": "bye", "reason": "the host is shutting down"})
        await pilot.pause()
    assert app.return_code == 0 and link.closed


async def test_lobby_requests_and_the_create_form() -> None:
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("down", "w", "up", "enter", "l")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CreateScreen)
        pilot.app.screen.query_one("#opt-deals").value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert link.sent == [{"t": "watch", "table": 2}, {"t": "sit", "table": 1}, {"t": "list"},
                         {"t": "create", "game": "hand_and_foot", "seats": 4,
                          "options": {"deals": 2}}]


async def test_settings_change_the_cards_not_the_host() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.push({"t": "joined", "table": 3, "seat": 1, "game": "hand_and_foot", "seats": 4,
                   "role": "player"})
        link.push(view_message(game_at(HAND_STAGE), 1))
        await pilot.pause()
        await pilot.press("o", "4", "5", "1", "escape")
        await pilot.pause()
        assert app.settings.ascii and app.settings.sort == "suit" and app.settings.depth == "16"
        hand = str(app.screen.query_one("#hand").render())
        assert "KH" in hand and "♥" not in hand
        await pilot.press("ctrl+z")  # never suspends
        await pilot.pause()
    assert link.sent == []
