"""Hand and Foot at 80 columns, as play-testers met it: the side header, silent keys."""

from __future__ import annotations

import pytest

from tests.tui.conftest import HAND_STAGE, FakeLink, at_table, game_at, screen_text
from tui.app import make_app


async def test_hand_and_foot_red_threes_are_counted_in_the_side_header() -> None:
    """Play-test: at 80 columns the header's red threes were cut at the edge unsaid
    ("red 3s 3" read as three of them); every red three counts the same (HF-SC3)."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        text = screen_text(pilot.app)
    assert "red 3s: 2" in text and "red 3s: 1" in text, text


async def test_L_with_no_lay_off_listed_says_which_keys_work() -> None:
    """Play-test: L (stage a lay-off) did nothing at all where no lay-off was listed."""
    link, game = FakeLink(), game_at(HAND_STAGE)  # the draw phase: nothing to lay off yet
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("L")
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render())
    assert "Not now. You can: d Draw" in status, status
    assert link.actions == []


@pytest.mark.parametrize("key", ["t", "T"])
async def test_t_out_of_turn_says_whom_the_table_waits_for(key: str) -> None:
    """Play-test: t (choose the meld to lay off onto) out of turn did nothing at all."""
    link, game = FakeLink(), game_at(HAND_STAGE)  # seat 1 to draw; seat 2 looks on
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 2)
        await pilot.press(key)
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render())
    assert "Nothing to do now: waiting for" in status, status
