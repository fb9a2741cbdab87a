"""Sitting at a chosen seat from the lobby: partners choose where they sit."""

from __future__ import annotations

from tests.tui.conftest import WELCOME, FakeLink, lobby_message, screen_text
from tui.app import make_app


async def test_J_asks_which_free_seat_and_sits_there() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("down", "J")  # table 2: eve at seat 0, seats 1-3 free
        await pilot.pause()
        text = screen_text(app)
        assert "Which seat? (eve at seat 0)" in text and "3  seat 3" in text, text
        await pilot.press("2")
        await pilot.pause()
    assert {"t": "sit", "table": 2, "seat": 2} in link.sent


async def test_J_at_a_full_table_says_so() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("J")  # table 1: every seat taken
        await pilot.pause()
        assert "Every seat at this table is taken." in screen_text(app)
    assert not any(m.get("t") == "sit" for m in link.sent)
