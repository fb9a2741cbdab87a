"""The score sheet at 80x24 with long names: the figures are never cut."""

from __future__ import annotations

from tests.tui.conftest import FakeLink, finished_game, joined_with, screen_text, view_message
from tui.app import make_app


async def test_long_names_wrap_the_words_and_keep_every_figure() -> None:
    """With 16-letter names the sheet was wider than 80 columns and every column was cut,
    the deal scores to "5…" (play-test); now the words wrap and the numbers stay whole."""
    game = finished_game()
    message = view_message(game, 1)
    for player, name in zip(message["players"], ("annabellelonger", "bobbytherobber",
                                                 "cynthiacynthia", "deedeedeedeedee"),
                            strict=True):
        player["name"] = name + "✓"
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
    assert "…" not in text.split("Piles and red 3s")[0], text
    for row in game.view(None)["score_sheet"][:1]:
        for item in row["teams"].values():
            assert f" {item['deal_score']} " in text, (item["deal_score"], text)
