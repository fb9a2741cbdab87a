"""Snapshots of the main screens at 80x24 and 120x40, in colour and in monochrome ASCII.

Views are fixed positions (and one seeded bot game for the score sheet), so the
pictures only change when the screens (or the engine's views) do. Update them with
``pytest tests/tui/test_snapshots.py --snapshot-update`` and look at the report.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui.conftest import (
    FOOT_STAGE,
    HAND_STAGE,
    WELCOME,
    FakeLink,
    finished_game,
    game_at,
    lobby_message,
    view_message,
)
from tui.app import MeldhallApp
from tui.settings import Settings

SIZES = [(80, 24), (120, 40)]
LOOKS = {"colour": Settings(), "mono": Settings(mono=True, ascii=True)}

EVENTS = [
    {"type": "discarded", "seat": 0, "card": {"id": 900, "code": "KD"}},
    {"type": "turn", "seat": 1},
    {"type": "took_pile", "seat": 1, "count": 7, "top": {"id": 901, "code": "8H"}},
    {"type": "melded", "seat": 1, "meld": 4, "kind": "mixed",
     "cards": [{"id": 902, "code": "8H"}, {"id": 903, "code": "8S"}, {"id": 904, "code": "2C"}]},
    {"type": "drew", "seat": 2, "count": 2},
    {"type": "red_threes", "seat": 2, "cards": [{"id": 905, "code": "3H"}]},
]


def scenario(name: str) -> tuple[Any, int | None, tuple[str, ...]]:
    if name == "hand_stage":
        return game_at(HAND_STAGE), 1, ()
    if name == "foot_stage":
        return game_at(FOOT_STAGE), 1, ("7", "h", "space", "7", "s", "enter")
    if name == "spectator":
        return game_at(FOOT_STAGE), None, ()
    return finished_game(), 1, ("s",)


def run(link: FakeLink, name: str) -> Any:
    async def before(pilot: Any) -> None:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        if name == "lobby":
            return
        game, seat, keys = scenario(name)
        link.push({"t": "joined", "table": 3, "seat": seat, "game": "hand_and_foot",
                   "seats": 4, "role": "player" if seat is not None else "spectator"})
        link.push({"recent": [], **view_message(game, seat, bots=(3,), away=(2,))})
        link.push({"t": "events", "table": 3, "seq": 12, "seat": 1, "events": EVENTS})
        link.push({"t": "chat", "table": 3, "name": "ann", "text": "nice take!"})
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    return before


@pytest.mark.parametrize("look", sorted(LOOKS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["lobby", "hand_stage", "foot_stage", "score_sheet",
                                  "spectator"])
def test_screen(snap_compare: Any, name: str, size: tuple[int, int], look: str) -> None:
    link = FakeLink()
    app = MeldhallApp(link, LOOKS[look])
    assert snap_compare(app, terminal_size=size, run_before=run(link, name))
