"""Only a few Apps start at once (``netcode.sharing.StartGate``): people who connect
together wait their turn and all reach the lobby; one who drops while waiting gives
the turn up without blocking anyone."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ptyscreen import open_pty

from netcode.server import Host, HostConfig
from netcode.sharing import StartGate


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    host = Host(HostConfig(data_dir=tmp_path / "data", host="127.0.0.1", port=0))
    host.screens.starting = StartGate(1)
    await host.start()
    try:
        yield host
    finally:
        await host.stop()


async def test_people_connecting_at_once_start_one_by_one_and_all_reach_the_lobby(
        host: Host) -> None:
    gate = host.screens.starting
    most = 0

    async def watch_gate() -> None:
        nonlocal most
        while True:
            most = max(most, gate.busy)
            await asyncio.sleep(0)

    watcher = asyncio.create_task(watch_gate())
    try:
        opened = await asyncio.gather(*(open_pty(host.port, f"p{i}") for i in range(5)))
        await asyncio.gather(*(screen.wait_for(lambda t: "meldhall lobby" in t)
                               for _, screen in opened))
    finally:
        watcher.cancel()
    assert most == 1
    assert gate.busy == 0
    for conn, _ in opened:
        conn.close()


async def test_one_who_drops_while_waiting_to_start_blocks_nobody(host: Host) -> None:
    """The gate is held (as by a start that takes long), so the App of someone who
    connects waits there; they drop before their turn. Their place is not counted twice:
    once the gate is free, the next arrival starts, and the gate still admits one at a
    time (held again, a later arrival waits)."""
    gate = host.screens.starting
    await gate.enter()  # the one place taken
    gone_conn, gone = await open_pty(host.port, "gone")
    await asyncio.sleep(0.5)
    assert "meldhall lobby" not in gone.text
    gone_conn.close()
    for _ in range(100):
        if not any(s.name == "gone" for s in host.lobby.sessions):
            break
        await asyncio.sleep(0.02)
    gate.leave()
    conn, screen = await open_pty(host.port, "next")
    await screen.wait_for(lambda t: "meldhall lobby" in t)
    for _ in range(100):
        if gate.busy == 0:
            break
        await asyncio.sleep(0.02)
    assert gate.busy == 0
    await gate.enter()
    later_conn, later = await open_pty(host.port, "later")
    await asyncio.sleep(0.5)
    assert "meldhall lobby" not in later.text  # one place, and it is taken
    gate.leave()
    await later.wait_for(lambda t: "meldhall lobby" in t)
    for c in (conn, later_conn):
        c.close()
