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
    gate = host.screens.starting
    first = asyncio.gather(*(open_pty(host.port, f"w{i}") for i in range(3)))
    gone_conn, _ = await open_pty(host.port, "gone")
    gone_conn.close()  # most likely still waiting at the gate behind the others
    opened = await first
    await asyncio.gather(*(screen.wait_for(lambda t: "meldhall lobby" in t)
                           for _, screen in opened))
    later_conn, later = await open_pty(host.port, "later")
    await later.wait_for(lambda t: "meldhall lobby" in t)
    for _ in range(100):
        if gate.busy == 0:
            break
        await asyncio.sleep(0.02)
    assert gate.busy == 0
    for conn, _ in opened:
        conn.close()
    later_conn.close()
