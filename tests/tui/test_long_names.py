"""Names of the longest a host allows (16 letters, and a key player's mark) at 80x24:
a seat's line and a player's panel line keep their counts and states, and the name gives
way (play-test: "abcdefghijklmnop (you) D · hand 13 ·…" lost the foot, "needs 50 · 0/2 ·
no" lost its word)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import make_bot
from tests.tui.conftest import FakeLink, joined_with, screen_text, view_message
from tui.app import make_app
from tui.panels import cut_name

LONG = ["abcdefghijklmnop", "qrstuvwxyz012345\u2713", "Zoe_de-la-Cruz.x", "mmmmmmmmmmmmmmmm",
        "eeeeeeeeeeeeeeee\u2713"]


def played(game_name: str, seats: int, steps: int = 40) -> Any:
    game = engine.create_game(game_name, seats, 3, None)
    bots = [make_bot("random", s) for s in range(seats)]
    for _ in range(steps):
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


async def shown(game: Any, seat: int) -> str:
    message = view_message(game, seat)
    message["players"] = [{"seat": s, "name": LONG[s], "bot": False, "present": s != 2}
                          for s in range(game.seats)]
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        return screen_text(pilot.app)


def test_a_cut_name_keeps_its_start_and_its_key_mark() -> None:
    assert cut_name("abcdefghijklmnop", 10) == "abcdefghi\u2026"
    assert cut_name("qrstuvwxyz012345\u2713", 10) == "qrstuvwx\u2026\u2713"
    assert cut_name("bot 3", 2) == "bot 3"  # (never below eight letters)
    assert cut_name("abcdefghijklmnop", 2) == "abcdefgh\u2026"
    assert cut_name("abcdefghijklmnop", 10, ascii=True) == "abcdefghi~"


@pytest.mark.parametrize("game_name,seats", [("hand_and_foot", 4), ("looking_and_down", 5)])
async def test_seat_lines_keep_their_counts_with_the_longest_names(game_name: str,
                                                                  seats: int) -> None:
    game = played(game_name, seats)
    text = await shown(game, 0)
    seat_lines = text.splitlines()[1:1 + (seats + 1) // 2]
    assert not any(line.rstrip()[-1] == "\u2026" for line in seat_lines), seat_lines
    counts = game.view(0)["counts"]
    for s in range(seats):
        said = f"hand {counts[s]['hand']}" if game_name == "hand_and_foot" \
            else f"{counts[s]['hand']}+"
        assert any(said in line for line in seat_lines), (s, seat_lines)
    marked = sum(name.endswith("\u2713") for name in LONG[:seats])
    assert sum(line.count("\u2713") for line in seat_lines) == marked, seat_lines


async def test_looking_and_down_panel_lines_end_whole_with_the_longest_names() -> None:
    text = await shown(played("looking_and_down", 5), 0)
    panel = [line.split("\u2502")[0].rstrip() for line in text.splitlines() if "\u2502" in line]
    assert any(line.lstrip().startswith(("Score Keeper: ", "SK: ")) for line in panel), panel
    assert not any(line.endswith((" no", "\u2026 ·", " ·")) for line in panel), panel
