"""A new view re-renders only the widgets whose slice of it changed."""

from __future__ import annotations

from typing import Any

from tests.tui.conftest import HAND_STAGE, FakeLink, game_at, view_message
from tui.app import make_app
from tui.widgets import SliceStatic


def renders(screen: Any) -> dict[str, int]:
    out = {w.id: w.renders for w in screen.query(SliceStatic) if w.id}
    out.update({f"seat{i}": w.renders for i, w in enumerate(screen.query("#seats .seat"))})
    out.update({f"team{i}": w.renders for i, w in enumerate(screen.query("#panel .team"))})
    return out


async def test_only_changed_slices_render_again() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push({"t": "joined", "table": 3, "seat": 0, "game": "hand_and_foot", "seats": 4,
                   "role": "player"})
        link.push(view_message(game, 0))
        await pilot.pause()
        before = renders(pilot.app.screen)
        game.apply(1, {"type": "draw"})  # bob draws: stock, bob's count and the phase change
        link.push(view_message(game, 0, seq=13))
        await pilot.pause()
        after = renders(pilot.app.screen)
    changed = {k for k in after if after[k] != before.get(k)}
    assert "pile" in changed and "top" in changed
    assert [k for k in changed if k.startswith("seat")] == ["seat1"]  # bob's cell only
    assert after["team0"] == before["team0"] == 1  # melds and scores did not change
    assert after["team1"] == before["team1"] == 1
    assert "handhead" not in changed  # ann's hand did not change
