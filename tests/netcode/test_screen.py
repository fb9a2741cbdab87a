"""The table screen with a fake link: it renders what arrives and sends what is pressed."""

from __future__ import annotations

from tests.tui.conftest import FOOT_STAGE, FakeLink, at_table, card_ids, game_at, screen_text
from tui.app import make_app


async def test_screen_renders_the_view_and_sends_actions() -> None:
    link, game = FakeLink(), game_at(FOOT_STAGE)
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1, away=(0,))
        text = screen_text(app)
        assert "7♥" in text and "Pile 6♠" in text and "ann (away)" in text
        await pilot.press("7", "s", "enter", "x")
        await pilot.pause()
        assert link.sent[-1] == {"t": "action",
                                 "action": {"type": "discard", "card": card_ids(game, 1, "7S")[0]}}
        game.check(1, link.actions[-1])
        link.push({"t": "error", "code": "illegal", "message": "Not now.", "rule": "HF-T1"})
        await pilot.pause()
        assert "HF-T1" in str(app.screen.query_one("#status").render())
        await pilot.press("ctrl+c", "y")
    assert app.return_code == 0 and link.closed
