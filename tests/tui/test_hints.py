"""Hints a player can switch off: cards to lay off, melds changed since your last turn,
and who made the last discard."""

from __future__ import annotations

from engine.bots import make_bot
from tests.tui.conftest import (
    FOOT_STAGE,
    HAND_STAGE,
    FakeLink,
    at_table,
    game_at,
    screen_text,
    view_message,
)
from tui.app import make_app


def hand_line(text: str) -> str:
    lines = text.splitlines()
    return next(lines[i + 1] for i, line in enumerate(lines) if "Your hand (" in line)


async def test_cards_you_could_lay_off_are_marked_and_the_hint_switches_off() -> None:
    link, game = FakeLink(), game_at(FOOT_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        hand = hand_line(screen_text(pilot.app))
        assert "*7♠" in hand and "*2♣" in hand and "*8♠" not in hand
        await pilot.press("o", "7", "escape")
        await pilot.pause()
        assert "*" not in hand_line(screen_text(pilot.app))


async def test_melds_changed_since_your_last_turn_are_starred() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1)  # seat 1's turn (draw)
        bots = {s: make_bot("random", 40 + s) for s in range(4)}
        seq = 12
        changed = False
        while not changed and seq < 200:
            (actor,) = game.to_act
            before = {m["id"]: m["size"] for m in game.view(None)["melds"]}
            events = game.apply(actor, bots[actor].act(game.view(actor)))
            seq += 1
            link.push({"t": "events", "table": 3, "seq": seq, "seat": actor, "events": events})
            link.push(view_message(game, 1, seq=seq))
            await pilot.pause()
            after = {m["id"]: m["size"] for m in game.view(None)["melds"]}
            changed = actor != 1 and before != after and game.turn != 1
        text = screen_text(pilot.app)
        assert changed
        stars = [line for line in text.splitlines() if "*#" in line]
        assert stars, text


async def test_the_pile_names_who_discarded_its_top_card() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        top = game.view(None)["discard"]["top"]
        link.push({"t": "events", "table": 3, "seq": 13, "seat": 0,
                   "events": [{"type": "discarded", "seat": 0, "card": top}]})
        link.push(view_message(game, 1, seq=13))
        await pilot.pause()
        assert "from ann (3 cards)" in screen_text(pilot.app)
        await pilot.press("o", "7", "escape")
        await pilot.pause()
        assert "from ann" not in screen_text(pilot.app)
