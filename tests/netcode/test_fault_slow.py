"""The fault suite, part 4: a client that stops reading never holds up anyone else.

A bot table plays fast; three PTY sessions watch it through their screens and an
observer follows it over the subsystem. One PTY stops reading (its SSH window is small
and stays shut), as a laptop whose lid closed would. The host must stop writing to it
(asyncssh pauses the channel; the terminal drops frames instead of queueing them) while
the table, the other screen and the observer carry on; when it reads again it is shown
the current screen, the same as the other watcher's. A subsystem client that stops
reading is held to a bounded outbox in the same way. Timings are not asserted here:
``bench/host_load.py`` measures them.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from ptyscreen import PtyScreen, open_pty

from netcode.server import Host
from netcode.terminal import TerminalHandler

OPTIONS = {"deals": 1, "hand_size": 22}


def _terminal(host: Host, name: str) -> TerminalHandler:
    """The host's terminal for a session (found among live objects: tests only)."""
    found = [o for o in gc.get_objects()
             if isinstance(o, TerminalHandler) and o.session.name == name
             and o.session in host.lobby.sessions]
    assert len(found) == 1, f"no single terminal for {name}"
    return found[0]


async def _bot_table(connect: Any) -> tuple[Any, int]:
    observer = await connect("otto")
    observer.send("create", game="hand_and_foot", seats=4, seed=21, sit=False, options=OPTIONS)
    table_id = (await observer.wait_for("lobby", lambda m: bool(m["tables"])))["tables"][0]["id"]
    observer.send("watch", table=table_id)
    await observer.wait_for("joined")
    return observer, table_id


async def test_a_screen_that_stops_reading_holds_up_no_one(host: Host, connect: Any) -> None:
    observer, table_id = await _bot_table(connect)
    table = host.lobby.tables[table_id]
    conns = []
    screens: list[PtyScreen] = []
    for name in ("sleepy", "alert"):
        options = {"window": 1024} if name == "sleepy" else {}
        conn, screen = await open_pty(host.port, name, **options)
        conns.append(conn)
        await screen.wait_for(lambda t: "waiting" in t or "seat free" in t)
        screen.press("w")
        await screen.wait_for(lambda t: f"table {table_id} " in t)
        screens.append(screen)
    sleepy, alert = screens
    terminal = _terminal(host, "sleepy")
    sleepy.chan.pause_reading()
    for seat in range(4):
        observer.send("add_bot", seat=seat)

    # The host notices and stops writing; meanwhile everyone else keeps up.
    for _ in range(400):
        if terminal._paused:
            break
        await asyncio.sleep(0.05)
    assert terminal._paused, "the host never saw the channel fill"
    seq, heard = table.seq, len(alert.raw)
    view = await observer.wait_for("view", lambda m: m["seq"] >= seq + 5 or m["over"],
                                   timeout=30)
    assert view["seq"] > seq
    await alert.wait_for(lambda t: len(alert.raw) > heard)
    assert terminal._paused and terminal._dirty  # frames dropped, not queued

    # The game ends; the sleeper wakes and is shown the same screen as the other watcher.
    await observer.wait_for("view", lambda m: m["over"], timeout=60)
    await asyncio.sleep(0.5)
    sleepy.chan.resume_reading()
    await sleepy.wait_for(lambda t: t == alert.text, timeout=20)
    for conn in conns:
        conn.close()


async def test_a_program_that_stops_reading_is_held_to_a_bounded_outbox(
        host: Host, connect: Any) -> None:
    observer, table_id = await _bot_table(connect)
    table = host.lobby.tables[table_id]
    stalled = await connect("stuck")
    await stalled.wait_for("welcome")
    stalled.send("watch", table=table_id)
    await stalled.wait_for("joined")
    stalled.chan.pause_reading()
    session = next(s for s in host.lobby.sessions if s.name == "stuck")
    for seat in range(4):
        observer.send("add_bot", seat=seat)
    most = 0

    async def sample() -> None:
        nonlocal most
        while True:
            most = max(most, len(session.outbox))
            await asyncio.sleep(0.005)

    sampler = asyncio.get_running_loop().create_task(sample())
    try:
        done = await observer.wait_for("view", lambda m: m["over"], timeout=60)
    finally:
        sampler.cancel()
    assert done["over"] and table.over and most > 0
    # Views replace one another; events are bounded by the outbox limit (then it closes).
    assert most <= session.outbox._limit + 2
    observer.send("ping", ref=3)
    assert (await observer.wait_for("pong"))["ref"] == 3
    stalled.chan.resume_reading()
