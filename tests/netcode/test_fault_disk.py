"""The fault suite, part 3: the data directory fills up or turns read-only mid-game.

SQLite itself refuses the writes: ``PRAGMA max_page_count`` at the database's current size
is a disk that is full (``database or disk is full``), ``PRAGMA query_only`` one that is
read-only (``attempt to write a readonly database``). A person plays seat 0 by keys on a
PTY, bots hold seats 1-3, a second PTY watches. While the writes fail: the host logs one
clear line, every screen of the table says why the game stopped, the player whose move
was refused sees the refusal, and nothing is applied. When the disk takes writes again the
table says so and plays on; a fresh host on the same data directory restores the game
exactly, and SQLite's integrity check passes.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import asyncssh
import pytest
from ptyscreen import PtyScreen, open_pty

from netcode.server import Host, HostConfig

STOPPED = "Moves cannot be saved"
AGAIN = "Moves are saved again"
REFUSED = "could not save that move"


def _log_column(text: str) -> str:
    """The table's log is the right-hand column: join its lines, as a reader would."""
    parts = [line.split("│", 1)[1] for line in text.splitlines() if "│" in line]
    return re.sub(r"\s+", " ", " ".join(parts))


def _restrict(host: Host, how: str) -> None:
    store = host.lobby.store
    with store._lock:  # the store's own lock: a table may be writing from its thread
        if how == "disk_full":
            (pages,) = store._db.execute("PRAGMA page_count").fetchone()
            store._db.execute(f"PRAGMA max_page_count = {pages}")
        else:
            store._db.execute("PRAGMA query_only = 1")


def _release(host: Host) -> None:
    store = host.lobby.store
    with store._lock:
        store._db.execute("PRAGMA query_only = 0")
        store._db.execute("PRAGMA max_page_count = 1073741823")


async def _seat_by_keys(host: Host, connect: Any) -> tuple[Any, int, PtyScreen, PtyScreen,
                                                             list[asyncssh.SSHClientConnection]]:
    organiser = await connect("olga")
    organiser.send("create", game="hand_and_foot", seats=4, seed=3, sit=False)
    table_id = (await organiser.wait_for("lobby", lambda m: bool(m["tables"])))["tables"][0]["id"]
    organiser.send("watch", table=table_id)
    await organiser.wait_for("joined")
    for seat in (1, 2, 3):
        organiser.send("add_bot", seat=seat)
    conns = []
    screens = []
    for name, key in (("sam", "w"), ("pia", "j")):  # the watcher first: the table stays row 1
        conn, screen = await open_pty(host.port, name)
        conns.append(conn)
        await screen.wait_for(lambda t: "waiting" in t or "seat free" in t)
        screen.press(key)
        await screen.wait_for(lambda t: f"table {table_id} " in t)
        screens.append(screen)
    return organiser, table_id, screens[1], screens[0], conns


async def play_until(player: PtyScreen, watcher: PtyScreen, words: str) -> None:
    """The person plays by keys (draw, discard) until the watcher's log shows ``words``
    (checked at every chunk the watcher receives: bots move fast and the log scrolls)."""

    async def keys() -> None:
        while True:
            if "Your turn: draw" in player.text:
                player.press("\x1bd")
            elif "then discard" in player.text:
                # Esc alone (clears a selection, closes a question), then Space selects
                # the card under the cursor and x discards it (x alone asks first). Sent
                # together, Esc and Space read as Alt+Space.
                player.press("\x1b")
                await asyncio.sleep(0.2)
                player.press(" x")
            await asyncio.sleep(0.1)

    presser = asyncio.get_running_loop().create_task(keys())
    try:
        await watcher.wait_for(lambda t: words in _log_column(t), timeout=30)
    finally:
        presser.cancel()


@pytest.mark.parametrize("how", ["disk_full", "read_only"])
async def test_a_full_or_read_only_disk_stops_the_game_clearly_and_corrupts_nothing(
        host: Host, connect: Any, host_config: HostConfig, caplog: pytest.LogCaptureFixture,
        how: str) -> None:
    caplog.set_level(logging.INFO)
    organiser, table_id, player, watcher, conns = await _seat_by_keys(host, connect)
    table = host.lobby.tables[table_id]

    await organiser.wait_for(
        "view", lambda m: m["view"]["to_act"] == [0] and m["view"]["phase"] == "draw",
        timeout=30)
    await player.wait_for(lambda t: "Your turn: draw" in t)
    _restrict(host, how)
    # The person plays on by keys until a write fails (a full disk still has room on the
    # last page for a few moves); a read-only one refuses the very first.
    await play_until(player, watcher, STOPPED)
    await watcher.wait_for(lambda t: STOPPED in _log_column(t))
    await player.wait_for(lambda t: STOPPED in _log_column(t))
    stopped_at = table.seq
    if how == "read_only":  # the move refused was the person's own: they are told why
        await player.wait_for(lambda t: REFUSED in t.replace("\n", " "))
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "cannot save moves" in errors[0], errors
    await table.barrier()
    assert table.seq == stopped_at  # nothing was applied meanwhile

    _release(host)
    await play_until(player, watcher, AGAIN)
    await organiser.wait_for("view", lambda m: m["seq"] > stopped_at)
    for conn in conns:
        conn.close()
    await table.barrier()

    await host.stop()
    log = list(table.game.log)  # after the stop: the bots play on until it
    again = Host(host_config)
    await again.start()
    try:
        restored = again.lobby.tables[table_id].game
        assert restored.log == log[: len(restored.log)] and len(restored.log) >= stopped_at
        with again.store._lock:
            assert again.store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        await again.stop()
