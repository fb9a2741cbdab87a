"""The spectator's table: no hand, no actions; open hands when the host sends them."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

import engine
from engine.bots import make_bot
from tests.tui.conftest import NAMES, FakeLink, at_table, screen_text, view_message
from tui.app import make_app
from tui.cards import card_label


def game_at_deal_end() -> Any:
    game = engine.create_game("hand_and_foot", 4, 3)
    bots = [make_bot("random", seat) for seat in range(4)]
    while game.view(None)["phase"] != "deal_over":
        (seat,) = game.to_act
        game.apply(seat, bots[seat].act({"legal": game.legal(seat)}))
    return game


async def test_open_hands_show_every_seats_leftover_cards() -> None:
    link, game = FakeLink(), game_at_deal_end()
    hands = {seat: game.view(seat)["hand"] for seat in range(4)}
    async with make_app(link).run_test(size=(120, 40)) as pilot:
        await at_table(pilot, link, game, None)
        link.push({**view_message(game, None), "open_hands": hands})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Hands left at the end of the deal" in text
        for seat, cards in hands.items():
            name = NAMES[seat]
            row = next(line for line in text.splitlines() if f"  {name}: " in line)
            for card in cards:
                assert card_label(card["code"]) in row


async def test_without_open_hands_the_deal_end_shows_no_hand() -> None:
    link, game = FakeLink(), game_at_deal_end()
    async with make_app(link).run_test(size=(120, 40)) as pilot:
        await at_table(pilot, link, game, None)
        text = screen_text(pilot.app)
        assert "Hands left" not in text and "Your hand" not in text


async def test_keys_stay_commands_for_a_spectator_after_the_score_sheet_closes() -> None:
    """Closing a sheet used to leave a spectator in the chat line (Textual focused the
    first focusable widget), so the next `s` typed an "s" there instead of opening the
    score sheet again."""
    link, game = FakeLink(), engine.create_game("hand_and_foot", 4, 3)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, None)
        table = pilot.app.screen
        for _ in range(2):
            await pilot.press("s")
            assert type(pilot.app.screen).__name__ == "ScoreScreen"
            await pilot.press("escape")
            assert pilot.app.screen is table
            assert not isinstance(pilot.app.focused, Input)
        assert not any(m.get("t") == "chat" for m in link.sent)


async def test_a_spectator_pressing_a_game_key_is_told_why_nothing_happens() -> None:
    link, game = FakeLink(), engine.create_game("hand_and_foot", 4, 3)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, None)
        await pilot.press("d")
        await pilot.pause()
        assert "You are watching: the game's keys are the players'." in screen_text(pilot.app)
    assert not link.actions


async def test_the_keys_help_explains_the_marks() -> None:
    link, game = FakeLink(), engine.create_game("hand_and_foot", 4, 3)
    async with make_app(link).run_test(size=(100, 40)) as pilot:
        await at_table(pilot, link, game, 0)
        await pilot.press("question_mark")
        await pilot.pause()
        text = str(pilot.app.screen.query_one("Static").render())  # scrolls at this size
    assert "Marks: in your hand, * a card" in text
    # first, in sight as the help opens (below the keys it was under the fold at 80x24)
    assert text.index("Marks:") < text.index("Keys")
