"""A new view repaints only what changed, and never lays the screen out again.

A layout re-renders every widget of the screen; a repaint of one line costs a fraction
of that. Per-session rendering cost (``bench/table_latency.py``) follows from both.
"""

from __future__ import annotations

import gc
from typing import Any

import pytest
from rich.color import Color, ColorSystem
from textual._compositor import Compositor
from textual.strip import Strip

from engine.bots import make_bot
from tests.tui.conftest import (
    HAND_STAGE,
    FakeLink,
    at_table,
    game_at,
    screen_text,
    view_message,
)
from tui.app import make_app
from tui.compositor import DirtyOnlyCompositor
from tui.widgets import LinesView, TextLines


def renders(screen: Any) -> dict[str, int]:
    out = {w.id: w.renders for w in screen.query(TextLines) if w.id}
    out.update({w.id: w.repainted for w in screen.query(LinesView)
                if not isinstance(w, TextLines)})
    return out


def count_layouts(screen: Any) -> list[int]:
    calls = [0]
    layout = screen._refresh_layout

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return layout(*args, **kwargs)

    screen._refresh_layout = counted
    return calls


async def test_a_draw_repaints_only_what_changed_without_a_layout() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 0)
        before = renders(pilot.app.screen)
        layouts = count_layouts(pilot.app.screen)
        game.apply(1, {"type": "draw"})  # bob draws: stock, bob's count and the phase change
        link.push(view_message(game, 0, seq=13))
        link.push({"t": "events", "table": 3, "seq": 13, "seat": 1,
                   "events": [{"type": "draw", "seat": 1, "count": 2}]})
        await pilot.pause()
        after = renders(pilot.app.screen)
        assert layouts == [0]
    changed = {k: after[k] - before.get(k, 0) for k in after if after[k] != before.get(k)}
    assert "pile" in changed and "top" in changed
    assert changed["seats"] == 1  # the line with bob's seat, not the other one
    assert "panel" not in changed  # melds and scores did not change
    assert "handhead" not in changed  # ann's hand did not change


async def test_a_new_meld_adds_lines_without_a_layout() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE.replace("turn: 1", "turn: 0"))
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 0)
        layouts = count_layouts(pilot.app.screen)
        panel = pilot.app.screen.query_one("#panel", LinesView)
        lines_before = len(panel.lines)
        game.apply(0, {"type": "draw"})
        hand = game.view(0)["hand"]
        queens = [c["id"] for c in hand if c["code"].startswith("Q")]
        kings = [c["id"] for c in hand if c["code"].startswith("K")]
        wild = [c["id"] for c in hand if c["code"] in ("2S", "2C", "2H", "2D", "JK")]
        if len(queens) >= 2 and wild:
            game.apply(0, {"type": "meld", "melds": [queens[:2] + wild[:1]]})
        else:
            game.apply(0, {"type": "meld", "melds": [kings[:3]]})
        link.push(view_message(game, 0, seq=14))
        await pilot.pause()
        assert len(panel.lines) == lines_before + 1
        assert layouts == [0]


@pytest.mark.parametrize("seat", [0, None], ids=["player", "spectator"])
async def test_repaints_write_what_textuals_own_compositor_writes(seat: int | None) -> None:
    """``DirtyOnlyCompositor`` skips widgets and rows away from the change, and the
    containers under the changed lines; the bytes written are the same. Forty moves
    fill the log, so its page turn is compared too."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    compared: list[bool] = []
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, seat)
        screen = pilot.app.screen
        compositor = screen._compositor
        assert isinstance(compositor, DirtyOnlyCompositor)  # the table screen uses it
        console = pilot.app.console

        def both() -> Any:
            regions = set(compositor._dirty_regions)
            ours = type(compositor).render_partial_update(compositor)
            compositor._dirty_regions.update(regions)
            theirs = Compositor.render_partial_update(compositor)
            if ours is not None and theirs is not None:
                compared.append(ours.render_segments(console) == theirs.render_segments(console))
            return ours

        compositor.render_partial_update = both
        await bots_play(pilot, link, game, seat, 40, pause=True)
    assert len(compared) >= 40 and all(compared)


async def bots_play(pilot: Any, link: FakeLink, game: Any, seat: int | None, moves: int,
                    pause: bool) -> None:
    """Random bots make ``moves`` moves; the screen gets each one's events and view as
    the host sends them (drawn after each move with ``pause``, else all at the end)."""
    bots = {s: make_bot("random", s) for s in range(4)}
    for step in range(moves):
        (actor,) = game.to_act
        events = game.apply(actor, bots[actor].act(game.view(actor)))
        link.push({"t": "events", "table": 3, "seq": 13 + step, "seat": actor,
                   "events": events})
        link.push(view_message(game, seat, seq=13 + step))
        if pause:
            await pilot.pause()
    await pilot.pause()


async def test_sessions_sharing_lines_and_rows_still_see_their_own_table() -> None:
    """Seat and meld lines and finished rows are shared between sessions by key: a player
    and an ASCII spectator of the same view, one after the other in one process, each
    get their own ("(you)" and glyph suits for the player, neither for the spectator)."""
    game = game_at(HAND_STAGE)
    shown: dict[str, str] = {}
    for who, seat in (("player", 0), ("spectator", None)):
        link = FakeLink()
        async with make_app(link).run_test(size=(100, 30)) as pilot:
            if seat is None:
                pilot.app.change_setting("ascii")
            await at_table(pilot, link, game, seat)
            shown[who] = screen_text(pilot.app)
    assert "(you)" in shown["player"] and "Q♠" in shown["player"]
    assert "(you)" not in shown["spectator"] and "♠" not in shown["spectator"]
    assert "QS" in shown["spectator"]


async def test_play_leaves_no_rendered_row_for_the_cyclic_collector() -> None:
    """A row a widget renders is freed when its frame is done, by reference counting.
    Textual's `Strip.divide` keeps ``[strip]`` in the strip's own cache for a row of one
    cut, so every such row held itself; in a full room that was most of the garbage the
    host's collector keeps frozen until a full pass stops every screen (measured in
    ``DirtyOnlyCompositor._render_chops``)."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 0)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            await bots_play(pilot, link, game, 0, 30, pause=True)
            gc.collect()
            cyclic_rows = sum(isinstance(o, Strip) for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    assert cyclic_rows == 0


async def test_red_suits_stay_red_on_a_sixteen_colour_terminal() -> None:
    """Play-test: on TERM=xterm and linux consoles hearts and diamonds were magenta. Apps
    render in true colour and the driver brings each session down to its depth; the red
    the App paints must come down to red."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 0)
        strips = pilot.app.screen._compositor.render_strips()
    reds = {seg.style.color.get_truecolor() for strip in strips for seg in strip
            if seg.style and seg.style.color and ("♥" in seg.text or "♦" in seg.text)}
    assert reds
    for rgb in reds:
        colour = Color.from_rgb(*rgb)
        assert colour.downgrade(ColorSystem.STANDARD).number in (1, 9), rgb  # red, bright red
        assert colour.downgrade(ColorSystem.EIGHT_BIT).number == 197  # as before at 256


async def test_a_very_wide_window_gives_the_log_more_room() -> None:
    """Play-test: at 200 columns the log stayed 40 columns wide beside a panel with a
    hundred empty columns."""
    widths = {}
    for size in ((100, 30), (130, 40), (200, 50)):
        link, game = FakeLink(), game_at(HAND_STAGE)
        async with make_app(link).run_test(size=size) as pilot:
            await at_table(pilot, link, game, 0)
            widths[size[0]] = pilot.app.screen.query_one("#side").size.width
    assert widths[100] < widths[130] < widths[200]
